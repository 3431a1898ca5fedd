import { BrokenCircuitError, circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { Artifact, ArtifactFormat } from '../ports/artifact.ts';
import type { Clock } from '../ports/clock.ts';
import { ProviderUnavailableError, type DocumentProvider, type SubmissionAttempt } from '../ports/document-provider.ts';
import { ClockHalfOpen } from './clock-half-open.ts';

export interface CircuitOptions {
  /** Consecutive temporary faults that open the circuit. */
  threshold: number;
  /** How long the circuit stays open before one trial call may go. */
  halfOpenAfterMs: number;
}

export const PROVIDER_CIRCUIT: CircuitOptions = { threshold: 5, halfOpenAfterMs: 30_000 };

/**
 * Any provider behind a circuit breaker: after repeated temporary faults calls fail at once (as unavailable, so
 * they are retried later like any outage) instead of piling up against a provider that is down; after a pause one
 * trial call goes, and its success closes the circuit. Only ProviderUnavailableError counts as a fault.
 */
export class CircuitBreakerProvider implements DocumentProvider {
  readonly name: string;
  /** Present only when the wrapped provider serves acceptance events itself. */
  readonly acceptanceEvents?: (document: DocumentState) => Promise<AcceptanceRecord[]>;
  private readonly breaker: CircuitBreakerPolicy;
  private readonly halfOpen: ClockHalfOpen<unknown>;
  private openedAt = 0;
  private lastFault = '';

  constructor(
    private readonly inner: DocumentProvider,
    private readonly clock: Clock,
    options: CircuitOptions = PROVIDER_CIRCUIT,
  ) {
    this.name = inner.name;
    this.halfOpen = new ClockHalfOpen(clock, options.halfOpenAfterMs);
    const faults = handleWhen((error) => error instanceof ProviderUnavailableError);
    this.breaker = circuitBreaker(faults, { halfOpenAfter: this.halfOpen, breaker: new ConsecutiveBreaker(options.threshold) });
    this.breaker.onFailure(({ reason, handled }) => {
      if (handled && 'error' in reason) this.lastFault = reason.error.message;
    });
    this.breaker.onBreak(() => (this.openedAt = this.clock.now().getTime()));
    const events = inner.acceptanceEvents?.bind(inner);
    if (events) this.acceptanceEvents = (document) => this.call(() => events(document));
  }

  submit(document: DocumentState, attempt?: SubmissionAttempt): Promise<SubmissionOutcome> {
    return this.call(() => this.inner.submit(document, attempt));
  }

  discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    return this.call(() => this.inner.discard(document));
  }

  render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    return this.call(() => this.inner.render(document, format));
  }

  /** Whether calls are being refused without reaching the provider. */
  get isOpen(): boolean {
    return this.breaker.state !== CircuitState.Closed;
  }

  private async call<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await this.breaker.execute(action);
    } catch (error) {
      if (!(error instanceof BrokenCircuitError)) throw error;
      const detail = `circuit open after repeated faults of provider ${this.name} (last: ${this.lastFault})`;
      throw new ProviderUnavailableError(detail, this.halfOpen.remaining(this.openedAt));
    }
  }
}
