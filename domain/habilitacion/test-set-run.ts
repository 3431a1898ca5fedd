import type { DocumentFamilyName } from '../documents/document-family.ts';

/** DIAN gives a company one habilitación test set for invoices and notes, and another for payroll. */
export type TestSetKind = 'sales' | 'payroll';

/** The families each kind's test set holds, in the order they are built and sent (notes after the invoices they correct). */
export const TEST_SET_FAMILIES: Readonly<Record<TestSetKind, readonly DocumentFamilyName[]>> = {
  sales: ['sales-invoice', 'credit-note', 'debit-note'],
  payroll: ['payroll', 'payroll-adjustment'],
};

/** A line of DIAN's ErrorMessage: `Regla: {code}, Rechazo|Notificación: {text}`. */
export interface TestSetRule {
  code: string;
  kind: 'rejection' | 'notification';
  text: string;
}

/** accepted: IsValid true; rejected: DIAN refused it (upload or validation); unanswered: still pending when the wait ended. */
export type TestSetDocumentOutcome = 'accepted' | 'rejected' | 'unanswered';

/** One document of a run and DIAN's last answer about it. */
export interface TestSetDocumentResult {
  family: DocumentFamilyName;
  number: string;
  uniqueCode: string;
  /** The XML entry's name inside its ZIP. */
  fileName: string;
  /** GetStatusZip's track id; null when the upload was refused. */
  zipKey: string | null;
  outcome: TestSetDocumentOutcome;
  /** DIAN's StatusCode ('00', '99', '2', '' while pending…). */
  statusCode: string;
  statusDescription: string;
  isValid: boolean | null;
  rules: TestSetRule[];
}

export type TestSetRunOutcome = 'accepted' | 'rejected' | 'unanswered';

/** A run of a test set: the numbers it took, and once finished DIAN's answers. */
export interface TestSetRun {
  runId: string;
  kind: TestSetKind;
  testSetId: string;
  softwareId: string;
  /** The run numbers its documents with the consecutives firstNumber..lastNumber, in order. */
  firstNumber: number;
  lastNumber: number;
  counts: Partial<Record<DocumentFamilyName, number>>;
  startedAt: string;
  finishedAt: string | null;
  outcome: TestSetRunOutcome | null;
  /** "Aceptado" / "Rechazado" when GetStatusZip said the test set itself is closed so. */
  setStatus: string | null;
  documents: TestSetDocumentResult[];
}

/** accepted only when every document is; rejected when any is; unanswered when some are still pending and none rejected. */
export function runOutcome(documents: readonly TestSetDocumentResult[]): TestSetRunOutcome {
  if (documents.some((document) => document.outcome === 'rejected')) return 'rejected';
  if (documents.length === 0 || documents.some((document) => document.outcome === 'unanswered')) return 'unanswered';
  return 'accepted';
}
