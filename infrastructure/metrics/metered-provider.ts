import type { Artifact, ArtifactFormat } from '../../application/ports/artifact.ts';
import { ProviderUnavailableError, type DocumentProvider, type SubmissionAttempt } from '../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { ServiceMetrics } from './service-metrics.ts';

/** Counts provider calls by operation and outcome (validated, rejected, discarded, rendered, unavailable, error). */
export class MeteredProvider implements DocumentProvider {
  readonly name: string;
  readonly concurrency?: number;
  /** Present only when the wrapped provider serves acceptance events itself. */
  readonly acceptanceEvents?: (document: DocumentState) => Promise<AcceptanceRecord[]>;

  constructor(
    private readonly inner: DocumentProvider,
    private readonly metrics: ServiceMetrics,
  ) {
    this.name = inner.name;
    this.concurrency = inner.concurrency;
    const events = inner.acceptanceEvents?.bind(inner);
    if (events) this.acceptanceEvents = (document) => this.measure('acceptance_events', () => events(document), () => 'served');
  }

  submit(document: DocumentState, attempt?: SubmissionAttempt): Promise<SubmissionOutcome> {
    return this.measure('submit', () => this.inner.submit(document, attempt), (outcome) => outcome.kind);
  }

  discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    return this.measure('discard', () => this.inner.discard(document), (answer) => answer.kind);
  }

  render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    return this.measure(`render_${format.replace('-', '_')}`, () => this.inner.render(document, format), (artifact) => (artifact ? 'rendered' : 'none'));
  }

  private async measure<T>(operation: string, call: () => Promise<T>, outcomeOf: (value: T) => string): Promise<T> {
    const labels = { provider: this.name, operation };
    try {
      const value = await call();
      this.metrics.providerCalls.inc({ ...labels, outcome: outcomeOf(value) });
      return value;
    } catch (error) {
      this.metrics.providerCalls.inc({ ...labels, outcome: error instanceof ProviderUnavailableError ? 'unavailable' : 'error' });
      throw error;
    }
  }
}
