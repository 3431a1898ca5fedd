import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentFamily, ResolvedReference } from '../../domain/documents/document-family.ts';
import { documentStreamId, familyNamed } from '../../domain/documents/families/index.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';

const ENDED = new Set(['rejected', 'failed', 'cancelled']);

/**
 * A claimant not written yet may be on its way: its creation is appended after its claim. Only a claim older than
 * this, whose claimant still does not exist, is taken for one left by a crash between the two.
 */
const UNWRITTEN_CLAIM_GRACE_MS = 60_000;

/**
 * Before an annulling document is created, it claims the document it voids, on that document's stream: two
 * annulments of one document cannot both be in flight. A claim by a document that was rejected, failed or discarded,
 * or that is still not written a minute later (a crash between claim and creation), is stale and may be replaced.
 */
export class VoidClaims {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async claim(claimant: { family: DocumentFamily; documentId: string }, target: ResolvedReference, field: string, context: RequestContext): Promise<ValidationIssue | null> {
    const targetStream = documentStreamId(familyNamed(target.family), target.documentId);
    const loaded = await this.aggregates.load(targetStream, documentDecider);
    const current = loaded.state.voidClaim;
    let staleClaimant: string | undefined;
    if (current && current.documentId !== claimant.documentId) {
      const { state } = await this.aggregates.load(documentStreamId(familyNamed(current.family), current.documentId), documentDecider);
      const claim = [...loaded.events].reverse().find((event) => event.type === 'DocumentVoidClaimed');
      const claimedAt = Date.parse(String(claim?.data.at ?? '')) || 0;
      const abandoned = state.status === 'none' && this.clock.now().getTime() - claimedAt >= UNWRITTEN_CLAIM_GRACE_MS;
      if (ENDED.has(state.status) || abandoned) staleClaimant = current.documentId;
    }
    try {
      await this.aggregates.handle(
        targetStream,
        documentDecider,
        { type: 'ClaimVoid', claimedBy: { family: claimant.family.name, documentId: claimant.documentId }, staleClaimant, now: this.clock.now() },
        context,
        loaded,
      );
      return null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return { field, message: `${target.family.replace('-', ' ')} ${target.number} cannot be voided: ${error.message}` };
    }
  }
}
