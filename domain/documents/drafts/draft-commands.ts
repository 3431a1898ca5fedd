import type { Issuer } from '../issuer.ts';
import type { DocumentFamily } from '../document-family.ts';

export interface DraftDocument {
  type: 'DraftDocument';
  family: DocumentFamily;
  documentId: string;
  tenantId: string;
  environment: string;
  idempotencyKey: string;
  requestHash: string;
  issuer: Issuer;
  body: Record<string, unknown>;
  now: Date;
}

export interface EditDraft {
  type: 'EditDraft';
  body: Record<string, unknown>;
  now: Date;
}

export interface FinalizeDocument {
  type: 'FinalizeDocument';
  family: DocumentFamily;
  now: Date;
}

export interface RequestTransmission {
  type: 'RequestTransmission';
  family: DocumentFamily;
  transactionId: string;
  /** Identifies the request (a hash of its Idempotency-Key): the same request asking again changes nothing. */
  requestKey: string;
  /** The company as it is when the document goes to the authority; recorded in place of the draft's. */
  issuer?: Issuer;
  now: Date;
}

/** Discards a document that never reached the tax authority (draft or issued). */
export interface DiscardDraft {
  type: 'DiscardDraft';
  now: Date;
}

export type DraftCommand = DraftDocument | EditDraft | FinalizeDocument | RequestTransmission | DiscardDraft;
