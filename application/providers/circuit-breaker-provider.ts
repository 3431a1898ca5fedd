import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { compareAndSet, type Change } from '../coordination/compare-and-set.ts';
import type { Artifact, ArtifactFormat } from '../ports/artifact.ts';
import type { Clock } from '../ports/clock.ts';
import type { CoordinationStore } from '../ports/coordination-store.ts';
import { ProviderUnavailableError, type DocumentProvider, type SubmissionAttempt } from '../ports/document-provider.ts';
import { isStoreUnavailable } from '../ports/store-errors.ts';
import { admit, afterFault, afterSuccess, PROVIDER_CIRCUIT, releaseTrial, type CircuitOptions, type CircuitRecord } from './circuit-state.ts';

export type { CircuitOptions } from './circuit-state.ts';

/**
 * Any provider behind a circuit breaker shared by every instance (one coordination record per provider name): after
 * repeated temporary faults calls fail at once (as unavailable, so they are retried later like any outage) instead of
 * piling up against a provider that is down; after a pause one trial call goes, in one instance, and its success
 * closes the circuit. Only ProviderUnavailableError counts as a fault. The record is written only when it changes.
 */
export class CircuitBreakerProvider implements DocumentProvider {
  readonly name: string;
  readonly concurrency?: number;
  /** Present only when the wrapped provider serves acceptance events itself. */
  readonly acceptanceEvents?: (document: DocumentState) => Promise<AcceptanceRecord[]>;
  private readonly key: string;

  constructor(
    private readonly inner: DocumentProvider,
    private readonly store: CoordinationStore,
    private readonly clock: Clock,
    private readonly options: CircuitOptions = PROVIDER_CIRCUIT,
  ) {
    this.name = inner.name;
    this.concurrency = inner.concurrency;
    this.key = `circuit:${inner.name}`;
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

  /** Whether calls are being refused without reaching the provider (open, or waiting for a trial's answer). */
  async isOpen(): Promise<boolean> {
    return (await this.store.read<CircuitRecord>(this.key))?.value.openedAt !== undefined;
  }

  private async call<T>(action: () => Promise<T>): Promise<T> {
    const admission = await compareAndSet(this.store, this.key, (current: CircuitRecord | undefined) => admit(current, this.now(), this.options));
    if (admission.kind === 'refused') {
      const detail = `circuit open after repeated faults of provider ${this.name} (last: ${admission.lastFault})`;
      throw new ProviderUnavailableError(detail, admission.retryAfterMs);
    }
    const trial = admission.kind === 'trial';
    let result: T;
    try {
      result = await action();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) await this.record((current) => afterFault(current, trial, this.now(), error.message, this.options));
      else await this.record((current) => releaseTrial(current, trial));
      throw error;
    }
    // Most calls find the circuit closed and clean: their success would write nothing, so it is not even read again.
    if (!(admission.kind === 'closed' && admission.clean)) await this.record((current) => afterSuccess(current, trial));
    return result;
  }

  /**
   * The provider's answer matters more than the circuit's bookkeeping: when the coordination store cannot record it,
   * the answer is still returned. A trial left unrecorded is tried again after its deadline.
   */
  private async record(change: (current: CircuitRecord | undefined) => Change<CircuitRecord, void>): Promise<void> {
    try {
      await compareAndSet(this.store, this.key, change);
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
    }
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
