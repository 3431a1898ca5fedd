import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import { habilitacionResolution } from '../../domain/numbering/habilitacion.ts';

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

/** DIAN's habilitación ranges (domain/numbering/habilitacion.ts): the test environment's default per family, and the numbering of documents recorded before numbering was. */
export const HABILITACION_RANGES: Record<DocumentFamilyName, NumberingRange> = {
  'sales-invoice': range('sales-invoice'),
  'credit-note': range('credit-note'),
  'debit-note': range('debit-note'),
  'support-document': range('support-document'),
  'adjustment-note': range('adjustment-note'),
  payroll: range('payroll'),
  'payroll-adjustment': range('payroll-adjustment'),
};

export { HABILITACION_PERIOD, HABILITACION_SOFTWARE } from '../../domain/numbering/habilitacion.ts';
