import type { Change } from '../coordination/compare-and-set.ts';

export interface CircuitOptions {
  /** Consecutive temporary faults that open the circuit. */
  threshold: number;
  /** How long the circuit stays open before one trial call may go. */
  halfOpenAfterMs: number;
  /** How long a trial call may take; after it another instance may try (the first one's caller may have died). */
  trialDeadlineMs?: number;
}

export const PROVIDER_CIRCUIT: CircuitOptions = { threshold: 5, halfOpenAfterMs: 30_000 };

const DEFAULT_TRIAL_DEADLINE_MS = 60_000;

/** A provider's circuit as every instance shares it. */
export interface CircuitRecord {
  /** Consecutive faults while closed. */
  failures: number;
  /** Clock time it opened; absent while closed. */
  openedAt?: number;
  /** A trial call is under way until this clock time. */
  trialUntil?: number;
  /** The last fault's message, for the calls refused meanwhile. */
  lastFault?: string;
}

/** `clean`: closed with no fault counted, so a success has nothing to reset. */
type Admission = { kind: 'closed'; clean: boolean } | { kind: 'trial' } | { kind: 'refused'; retryAfterMs: number; lastFault: string };

/** Whether a call may go: always while closed; once the pause is over, one trial claimed for all instances. */
export function admit(current: CircuitRecord | undefined, now: number, options: CircuitOptions): Change<CircuitRecord, Admission> {
  if (current?.openedAt === undefined) return { answer: { kind: 'closed', clean: (current?.failures ?? 0) === 0 } };
  const lastFault = current.lastFault ?? '';
  const pauseLeft = current.openedAt + options.halfOpenAfterMs - now;
  if (pauseLeft > 0) return { answer: { kind: 'refused', retryAfterMs: pauseLeft, lastFault } };
  if (current.trialUntil !== undefined && now < current.trialUntil) return { answer: { kind: 'refused', retryAfterMs: 0, lastFault } };
  const trialUntil = now + (options.trialDeadlineMs ?? DEFAULT_TRIAL_DEADLINE_MS);
  return { write: { ...current, trialUntil }, answer: { kind: 'trial' } };
}

/** A trial's success closes the circuit; any success while closed clears the count. Nothing else is written. */
export function afterSuccess(current: CircuitRecord | undefined, trial: boolean): Change<CircuitRecord, void> {
  const closed = current?.openedAt === undefined;
  const change = (closed && (current?.failures ?? 0) > 0) || (!closed && trial);
  return { write: change ? { failures: 0 } : undefined, answer: undefined };
}

/** A fault counts while closed and opens the circuit at the threshold; a trial's fault opens it for another pause. */
export function afterFault(current: CircuitRecord | undefined, trial: boolean, now: number, fault: string, options: CircuitOptions): Change<CircuitRecord, void> {
  const opened: CircuitRecord = { failures: 0, openedAt: now, lastFault: fault };
  if (current?.openedAt !== undefined) return { write: trial ? opened : undefined, answer: undefined };
  const failures = (current?.failures ?? 0) + 1;
  return { write: failures >= options.threshold ? opened : { failures, lastFault: fault }, answer: undefined };
}

/** A trial that ended in an error that is no fault of the provider (a bug) tells nothing: the next call may try. */
export function releaseTrial(current: CircuitRecord | undefined, trial: boolean): Change<CircuitRecord, void> {
  if (!trial || current?.trialUntil === undefined) return { answer: undefined };
  const { trialUntil: _, ...released } = current;
  return { write: released, answer: undefined };
}
