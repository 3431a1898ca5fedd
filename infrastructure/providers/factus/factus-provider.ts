import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { Clock } from '../../../application/ports/clock.ts';
import { ProviderUnavailableError, UNCLAIMED_ATTEMPT, type DocumentProvider, type SubmissionAttempt } from '../../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { AcceptanceRecord } from '../../../domain/acceptance/acceptance-record.ts';
import { readAcceptanceEvents } from './acceptance-events.ts';
import { interpretDocument, interpretRefusal, type FactusAnswer } from './answers/interpret-answer.ts';
import { factusBody } from './bodies/factus-body.ts';
import { FactusMappingError } from './bodies/factus-mapping-error.ts';
import { downloadArtifact } from './factus-artifacts.ts';
import { findByReference, isSuccess } from './factus-lookup.ts';
import { FACTUS_RESOURCES, type FactusResource } from './factus-resources.ts';
import type { FactusClient } from './http/factus-client.ts';
import type { FactusResponse } from './http/factus-http.ts';

type Validated = Extract<FactusAnswer, { kind: 'validated' }>;

/**
 * Factus API v2 as a technology provider. The reference code is our document id, so a resend (after a timeout,
 * a 5xx, a DIAN timeout) is recognized by Factus and never creates a second document. A resumed attempt (an earlier
 * one may have reached Factus) asks what Factus holds under the reference before sending anything.
 */
export class FactusProvider implements DocumentProvider {
  readonly name = 'factus';
  /** Submissions in flight per instance: Factus takes 80 requests a minute, so more would only wait for the rate. */
  readonly concurrency = 4;

  constructor(
    private readonly client: FactusClient,
    private readonly clock: Clock,
  ) {}

  async submit(document: DocumentState, attempt: SubmissionAttempt = UNCLAIMED_ATTEMPT): Promise<SubmissionOutcome> {
    const resource = resourceOf(document);
    let body: Record<string, unknown>;
    try {
      body = factusBody(document);
    } catch (error) {
      if (!(error instanceof FactusMappingError)) throw error;
      return { kind: 'rejected', errors: [{ code: 'FACTUS-MAPPING', message: error.message }] };
    }
    let answer = attempt.resumed ? await findByReference(this.client, resource, document.id, attempt) : null;
    // Nothing there yet, or DIAN still silent (resending the same reference is how Factus asks DIAN again).
    if (!answer || answer.kind === 'pending') answer = await this.send(resource, document.id, body, attempt);
    if (answer.kind === 'validated') return this.validated(answer);
    if (answer.kind === 'rejected') {
      await this.removeRejected(resource, document.id, attempt);
      return answer;
    }
    throw new ProviderUnavailableError(`DIAN did not answer in time for ${document.id} (Factus: not validated, no rejection); it is resent later with the same reference code`);
  }

  /**
   * Withdraws a document Factus may hold. A validated one is answered as such; a rejected one is deleted; one waiting
   * for DIAN is resent to learn its fate (Factus advises against deleting it), and while DIAN stays silent it cannot
   * be withdrawn (unavailable).
   */
  async discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    const resource = resourceOf(document);
    let found = await findByReference(this.client, resource, document.id);
    if (found?.kind === 'pending') found = await this.send(resource, document.id, factusBody(document));
    if (!found) return { kind: 'discarded' };
    if (found.kind === 'validated') return this.validated(found);
    if (found.kind === 'pending') throw new ProviderUnavailableError(`DIAN has not answered for ${document.id} yet; it cannot be withdrawn safely now`);
    const removed = await this.client.delete(resource.remove(document.id));
    if (isSuccess(removed.status) || removed.status === 404) return { kind: 'discarded' };
    const again = await findByReference(this.client, resource, document.id);
    if (again?.kind === 'validated') return this.validated(again);
    throw new ProviderUnavailableError(`Factus refused to delete ${document.id} (${removed.status}): ${String(removed.body.message ?? '')}`);
  }

  async render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    if (!document.number) return null;
    return downloadArtifact(this.client, resourceOf(document), document.number, format);
  }

  /** The RADIAN events Factus holds for a numbered sales invoice. */
  acceptanceEvents(invoice: DocumentState): Promise<AcceptanceRecord[]> {
    return readAcceptanceEvents(this.client, invoice);
  }

  private async send(resource: FactusResource, reference: string, body: Record<string, unknown>, attempt?: SubmissionAttempt): Promise<FactusAnswer> {
    const response = await this.client.post(resource.create, body, attempt);
    if (isSuccess(response.status)) return interpretDocument(response.body.data ?? {}, resource.uniqueCode);
    if (response.status === 409) {
      // Factus already holds this reference: what it holds is the answer.
      const found = await findByReference(this.client, resource, reference, attempt);
      if (found) return found;
    }
    if (response.status === 400 || response.status === 422) return interpretRefusal(response.body);
    throw new ProviderUnavailableError(`Factus answered ${response.status} to POST ${resource.create}: ${String(response.body.message ?? response.body.raw ?? '')}`);
  }

  /** After a rejection Factus blocks further sends until the rejected document is deleted (§1.3). */
  private async removeRejected(resource: FactusResource, reference: string, attempt: SubmissionAttempt): Promise<void> {
    let removed: FactusResponse;
    try {
      removed = await this.client.delete(resource.remove(reference), attempt);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw notDeleted(reference, error.message, error.retryAfterMs);
      throw error;
    }
    if (!isSuccess(removed.status) && removed.status !== 404) throw notDeleted(reference, `${removed.status} ${String(removed.body.message ?? '')}`);
  }

  private validated(answer: Validated): SubmissionOutcome {
    const { number, uniqueCode, warnings } = answer;
    return { kind: 'validated', number, uniqueCode, validatedAt: answer.validatedAt ?? this.clock.now().toISOString(), warnings };
  }
}

/** The rejection stands, but the next send would be blocked: the attempt is retried (resend, rejection, deletion). */
function notDeleted(reference: string, detail: string, retryAfterMs?: number): ProviderUnavailableError {
  return new ProviderUnavailableError(`DIAN rejected ${reference}, but Factus did not delete it yet (${detail}); it is resent and deleted later`, retryAfterMs);
}

function resourceOf(document: DocumentState): FactusResource {
  if (!document.family) throw new Error(`document ${document.id} has no family`);
  return FACTUS_RESOURCES[document.family];
}
