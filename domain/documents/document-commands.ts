import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { AuthorityMessage } from './authority-message.ts';
import type { DocumentNumbering } from './document-numbering.ts';
import type { DocumentFamily, DocumentFamilyName, ResolvedReference } from './document-family.ts';
import type { DraftCommand } from './drafts/draft-commands.ts';
import type { Issuer } from './issuer.ts';
import type { SubmissionRetryCommand } from './submission/submission-retry-commands.ts';

export interface CreateDocument {
  type: 'CreateDocument';
  family: DocumentFamily;
  documentId: string;
  tenantId: string;
  environment: string;
  transactionId: string;
  idempotencyKey: string;
  requestHash: string;
  issuer: Issuer;
  reference?: ResolvedReference | null;
  /** Why the document the body names could not be resolved; reported with the rules' own issues, after them. */
  referenceIssue?: ValidationIssue;
  body: Record<string, unknown>;
  now: Date;
}

/** Claims the first attempt for one worker until `now + leaseMs`; after that another may resume it. */
interface StartSubmission {
  type: 'StartSubmission';
  leaseMs: number;
  now: Date;
}

export type SubmissionOutcome =
  | { kind: 'validated'; number: string; uniqueCode: string; validatedAt: string; warnings: AuthorityMessage[]; numbering?: DocumentNumbering }
  | { kind: 'rejected'; errors: AuthorityMessage[] };

export interface RecordOutcome {
  type: 'RecordOutcome';
  outcome: SubmissionOutcome;
  now: Date;
}

interface RecordFailure {
  type: 'RecordFailure';
  reason: string;
  now: Date;
}

interface CancelDocument {
  type: 'CancelDocument';
  now: Date;
}

interface VoidDocument {
  type: 'VoidDocument';
  voidedBy: { family: DocumentFamilyName; documentId: string; number: string };
  now: Date;
}

/** Reserves a validated document for one annulling document. */
interface ClaimVoid {
  type: 'ClaimVoid';
  claimedBy: { family: DocumentFamilyName; documentId: string };
  /** The current claimant, when the caller found it rejected, failed, cancelled or missing: it may be replaced. */
  staleClaimant?: string;
  now: Date;
}

export type DocumentCommand = CreateDocument | StartSubmission | RecordOutcome | RecordFailure | CancelDocument | VoidDocument | ClaimVoid | DraftCommand | SubmissionRetryCommand;
