import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentFamily, ReferenceRequest, ResolvedReference } from '../../domain/documents/document-family.ts';
import { documentStreamId, familyNamed } from '../../domain/documents/families/index.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { Scope } from './get-document.ts';
import type { NumberIndex } from './number-index.ts';

/**
 * Finds the validated document a note or adjustment names by number, in the caller's tenant and environment,
 * from the event store (the number index and the document's own stream), never from a lagging read model.
 */
export class ReferenceResolver {
  constructor(
    private readonly numbers: NumberIndex,
    private readonly aggregates: AggregateStore,
  ) {}

  async resolve(request: ReferenceRequest, scope: Scope): Promise<ResolvedReference | ValidationIssue> {
    const family = familyNamed(request.family);
    const ids = await this.numbers.lookup(scope, request.family, request.number);
    const states = await Promise.all(ids.map(async (id) => (await this.aggregates.load(documentStreamId(family, id), documentDecider)).state));
    const validated = states.find((state) => state.status === 'validated');
    if (validated) {
      return {
        family: request.family,
        documentId: validated.id,
        number: request.number,
        uniqueCode: validated.uniqueCode ?? '',
        issueDate: validated.issueDate,
        ...partyOf(family, validated.body),
      };
    }
    const what = request.family.replace('-', ' ');
    if (states.some((state) => state.status === 'voided')) {
      return { field: request.field, message: `${what} ${request.number} is voided and can no longer be referenced` };
    }
    return { field: request.field, message: `no validated ${what} with number ${request.number} in this company and environment` };
  }
}

/** The referenced document's counterparty object, for a note that omits its own. */
function partyOf(family: DocumentFamily, body: Record<string, unknown>): Pick<ResolvedReference, 'party'> {
  const party = family.partyField ? body[family.partyField] : undefined;
  return party && typeof party === 'object' ? { party: party as Record<string, unknown> } : {};
}
