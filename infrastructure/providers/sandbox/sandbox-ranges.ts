import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import { HABILITACION_PERIOD, HABILITACION_SOFTWARE, habilitacionResolution } from '../../../domain/numbering/habilitacion.ts';

/** A DIAN numbering resolution's range: the numbers `{prefix}{from}` to `{prefix}{to}`. */
export interface NumberingRange {
  prefix: string;
  from: number;
  to: number;
  resolution: string;
  technicalKey: string;
}

const range = (family: DocumentFamilyName): NumberingRange => {
  const { prefix, from, to, number, technicalKey } = habilitacionResolution('', family);
  return { prefix, from, to, resolution: number, technicalKey: technicalKey ?? '' };
};

/** DIAN's habilitación ranges (domain/numbering/habilitacion.ts): the test environment's default per family. */
export const SANDBOX_RANGES: Record<DocumentFamilyName, NumberingRange> = {
  'sales-invoice': range('sales-invoice'),
  'credit-note': range('credit-note'),
  'debit-note': range('debit-note'),
  'support-document': range('support-document'),
  'adjustment-note': range('adjustment-note'),
  payroll: range('payroll'),
  'payroll-adjustment': range('payroll-adjustment'),
};

/** The sandbox's registered software: the test environment's identity when a company registered none. */
export const SANDBOX_SOFTWARE = HABILITACION_SOFTWARE;

/** Validity of every habilitación range (reference §2.1). */
export const SANDBOX_AUTHORIZATION_PERIOD = HABILITACION_PERIOD;
