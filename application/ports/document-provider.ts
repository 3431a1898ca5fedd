import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { Artifact, ArtifactFormat } from './artifact.ts';

/** The attempt a submission belongs to, as the worker that claimed it sees it. */
export interface SubmissionAttempt {
  /** 1 for the first attempt. */
  number: number;
  /**
   * An earlier attempt may have reached the provider (it timed out, or its worker vanished): ask the provider what it
   * holds for the document before sending it again.
   */
  resumed: boolean;
  /**
   * Call right before sending: throws AttemptSupersededError when the claim is no longer this worker's (another took
   * the document over), and otherwise makes sure the claim lasts at least `forMs` more.
   */
  confirm(forMs: number): Promise<void>;
}

/** An attempt that needs no confirmation: tests, and callers outside the submission process (discard, render). */
export const UNCLAIMED_ATTEMPT: SubmissionAttempt = { number: 1, resumed: false, confirm: async () => undefined };

/** The technology provider that carries documents to the tax authority (the built-in sandbox, Factus, ...). */
export interface DocumentProvider {
  readonly name: string;
  /** Submissions worth having in flight at once per instance (a rate-limited provider wants few); unset: many. */
  readonly concurrency?: number;
  /** Idempotent by document id (the provider's reference code): a resend never creates a second document. */
  submit(document: DocumentState, attempt?: SubmissionAttempt): Promise<SubmissionOutcome>;
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

/** The worker's claim on a document lapsed and another worker took the submission over: this one must not send. */
export class AttemptSupersededError extends Error {
  constructor(readonly documentId: string, readonly attempt: number) {
    super(`attempt ${attempt} of document ${documentId} was taken over by another worker`);
    this.name = 'AttemptSupersededError';
  }
}

/** The provider could not be reached or answered with a temporary fault; the call may be retried. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, readonly retryAfterMs?: number) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}
