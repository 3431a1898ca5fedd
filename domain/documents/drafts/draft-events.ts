import type { DocumentFamilyName } from '../document-family.ts';
import type { Issuer } from '../issuer.ts';

/** A document written by an integration and kept as sent: the issuance rules run only when it is finalized. */
interface DocumentDrafted {
  type: 'DocumentDrafted';
  data: {
    documentId: string;
    family: DocumentFamilyName;
    tenantId: string;
    environment: string;
    idempotencyKey: string;
    requestHash: string;
    issuer: Issuer;
    body: Record<string, unknown>;
    at: string;
  };
}

/** The whole draft body after an edit (the merge is resolved before the event, so replays need no patch logic). */
interface DocumentDraftEdited {
  type: 'DocumentDraftEdited';
  data: { documentId: string; body: Record<string, unknown>; at: string };
}

/** The draft passed the issuance rules: the body is normalized, totals and issue date fixed (status issued). */
export interface DocumentFinalized {
  type: 'DocumentFinalized';
  data: { documentId: string; body: Record<string, unknown>; totals: Record<string, unknown>; issueDate: string; issueTime: string; at: string };
}

/**
 * An issued document handed to the tax authority (status pending); `requestKey` identifies the asking request. The
 * issuer, when present, is the company as it was then (older events have none: the draft's stands).
 */
interface DocumentTransmissionRequested {
  type: 'DocumentTransmissionRequested';
  data: { documentId: string; transactionId: string; requestKey: string; issuer?: Issuer; at: string };
}

export type DraftEvent = DocumentDrafted | DocumentDraftEdited | DocumentFinalized | DocumentTransmissionRequested;
