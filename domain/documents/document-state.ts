import type { DocumentStatus } from './document-status.ts';
import type { AuthorityMessage } from './authority-message.ts';
import type { DocumentFamilyName, ResolvedReference } from './document-family.ts';
import type { DocumentNumbering } from './document-numbering.ts';
import type { Issuer } from './issuer.ts';

/** The folded document; plain JSON so the same shape serves the read model. */
export interface DocumentState {
  status: DocumentStatus | 'none';
  id: string;
  family: DocumentFamilyName | '';
  tenantId: string;
  environment: string;
  transactionId: string;
  idempotencyKey: string;
  requestHash: string;
  issuer: Issuer | null;
  reference: ResolvedReference | null;
  body: Record<string, unknown>;
  totals: Record<string, unknown>;
  issueDate: string;
  issueTime: string;
  createdAt: string;
  updatedAt: string;
  number: string | null;
  uniqueCode: string | null;
  validatedAt: string | null;
  warnings: AuthorityMessage[];
  /** The resolution and software that numbered it; null before validation, and on documents validated before this was recorded. */
  numbering: DocumentNumbering | null;
  errors: AuthorityMessage[];
  failureReason: string | null;
  voidedBy: { family: DocumentFamilyName; documentId: string; number: string } | null;
  voidClaim: { family: DocumentFamilyName; documentId: string } | null;
  /** When an integration wrote it as a draft; null for documents created ready to transmit. */
  draftedAt: string | null;
  /** The request that transmitted a finalized draft (see RequestTransmission). */
  transmissionKey: string | null;
  /** Retries of the submission started so far (the first attempt is not one). */
  submissionRetries: number;
  /** When the scheduler may start the next attempt: a failed attempt's retry time, or the lease end of the attempt under way. */
  nextAttemptAt: string | null;
}

export function initialDocumentState(): DocumentState {
  return {
    status: 'none',
    id: '',
    family: '',
    tenantId: '',
    environment: '',
    transactionId: '',
    idempotencyKey: '',
    requestHash: '',
    issuer: null,
    reference: null,
    body: {},
    totals: {},
    issueDate: '',
    issueTime: '',
    createdAt: '',
    updatedAt: '',
    number: null,
    uniqueCode: null,
    validatedAt: null,
    warnings: [],
    numbering: null,
    errors: [],
    failureReason: null,
    voidedBy: null,
    voidClaim: null,
    draftedAt: null,
    transmissionKey: null,
    submissionRetries: 0,
    nextAttemptAt: null,
  };
}
