import { initialDocumentState, type DocumentState } from '../document-state.ts';
import type { DraftEvent } from './draft-events.ts';

export function evolveDraft(state: DocumentState, event: DraftEvent): DocumentState {
  switch (event.type) {
    case 'DocumentDrafted': {
      const d = event.data;
      return {
        ...initialDocumentState(),
        status: 'draft',
        id: d.documentId,
        family: d.family,
        tenantId: d.tenantId,
        environment: d.environment,
        idempotencyKey: d.idempotencyKey,
        requestHash: d.requestHash,
        issuer: d.issuer,
        body: d.body,
        draftedAt: d.at,
        updatedAt: d.at,
      };
    }
    case 'DocumentDraftEdited':
      return { ...state, body: event.data.body, updatedAt: event.data.at };
    case 'DocumentFinalized': {
      const { body, totals, issueDate, issueTime, at } = event.data;
      return { ...state, status: 'issued', body, totals, issueDate, issueTime, updatedAt: at };
    }
    case 'DocumentTransmissionRequested': {
      const { transactionId, requestKey, issuer, at } = event.data;
      return { ...state, status: 'pending', transactionId, transmissionKey: requestKey, issuer: issuer ?? state.issuer, createdAt: at, updatedAt: at };
    }
  }
}
