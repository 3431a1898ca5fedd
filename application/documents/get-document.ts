import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { documentStreamId } from '../../domain/documents/families/index.ts';
import { enteredIssuance } from '../../domain/documents/drafts/entered-issuance.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { DocumentNotFoundError } from './document-errors.ts';

export interface Scope {
  tenantId: string;
  environment: string;
}

/**
 * Reads one document by folding its stream, so it is found right after the 202. Drafts of the invoice management face
 * (never transmitted) are not documents of this face yet.
 */
export class GetDocument {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(family: DocumentFamily, documentId: string, scope: Scope): Promise<DocumentState> {
    const { state } = await this.aggregates.load(documentStreamId(family, documentId), documentDecider);
    if (state.status === 'none' || !enteredIssuance(state) || state.tenantId !== scope.tenantId || state.environment !== scope.environment) {
      throw new DocumentNotFoundError(documentId);
    }
    return state;
  }
}
