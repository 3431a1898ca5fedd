import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { Artifact, ArtifactFormat } from './artifact.ts';

/** The technology provider that carries documents to the tax authority (the built-in sandbox, Factus, ...). */
export interface DocumentProvider {
  readonly name: string;
  /** Idempotent by document id (the provider's reference code): a resend never creates a second document. */
  submit(document: DocumentState): Promise<SubmissionOutcome>;
  /** Withdraws a document that may still be in flight; answers the validation when it came first. */
  discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome>;
  /** The document as the authority knows it, built from a numbered document; null when the provider has none. */
  render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null>;
  /**
   * Optional: the acceptance (RADIAN) events the provider holds for a numbered sales invoice, oldest first. A provider
   * without it (the sandbox) leaves the trail to the events this service records. ProviderUnavailableError → 503.
   */
  acceptanceEvents?(document: DocumentState): Promise<AcceptanceRecord[]>;
}

/** The provider could not be reached or answered with a temporary fault; the call may be retried. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, readonly retryAfterMs?: number) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
