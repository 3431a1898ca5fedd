import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';

/** A document about to enter issuance: created by POST, or an invoice transmitted from its draft. */
export interface IssuanceRequest {
  family: DocumentFamily;
  documentId: string;
  body: Record<string, unknown>;
  context: RequestContext;
}

/**
 * Something the company must have before a document may enter issuance (a complete profile, a numbering resolution
 * that can number it, an unexpired certificate). Runs after the body passed the family's rules and before anything
 * is appended; refuses with a DomainError. Must be idempotent by document id: a retried request runs it again.
 */
export interface IssuancePrecondition {
  check(request: IssuanceRequest): Promise<void>;
  /**
   * Optional: the document was not created after `check` passed (a later precondition refused, or the append failed):
   * give back what `check` took (a numbering reservation). Not called when the document exists (a replay).
   */
  abandon?(request: IssuanceRequest): Promise<void>;
}

export async function checkIssuance(preconditions: readonly IssuancePrecondition[], request: IssuanceRequest): Promise<void> {
  const passed: IssuancePrecondition[] = [];
  try {
    for (const precondition of preconditions) {
      await precondition.check(request);
      passed.push(precondition);
    }
  } catch (error) {
    await abandonIssuance(passed, request);
    throw error;
  }
}

/** Gives back what the preconditions took, for a document that was not created; a failure here leaves it to be reclaimed. */
export async function abandonIssuance(preconditions: readonly IssuancePrecondition[], request: IssuanceRequest): Promise<void> {
  for (const precondition of preconditions) await precondition.abandon?.(request).catch(() => undefined);
}
