import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import type { TestSetKind } from '../../../domain/habilitacion/test-set-run.ts';

/** DIAN's habilitación guide of July 2019 (reference §8.4): own software sends 60 invoices, 20 credit and 20 debit notes. */
export const DIAN_GUIDE_2019_COUNTS = { 'sales-invoice': 60, 'credit-note': 20, 'debit-note': 20 } as const;

/** A later third-party statement (go-dian README, reference §8.4, unconfirmed by DIAN): 50 = 30 invoices + 10 credit + 10 debit notes. */
export const THIRD_PARTY_COUNTS = { 'sales-invoice': 30, 'credit-note': 10, 'debit-note': 10 } as const;

/**
 * The default run sends the smaller set. DIAN counts a test set's documents across uploads (GlobalTestSet), so a second
 * run tops up a set that needs more; a run larger than the set needs would, once DIAN closes the set as Aceptado, have
 * its remaining uploads refused ("se encuentra Aceptado") and spend rejections for nothing. The portal shows the real
 * counts; --invoices, --credit-notes and --debit-notes follow it.
 */
export const DEFAULT_SALES_COUNTS: Readonly<Partial<Record<DocumentFamilyName, number>>> = THIRD_PARTY_COUNTS;

/**
 * Payroll test set counts are not published (reference §8.6): our choice is 8 payrolls and 2 deletions
 * (payroll adjustments), a small set that exercises both document types; --payrolls and --payroll-adjustments follow the portal.
 */
export const DEFAULT_PAYROLL_COUNTS: Readonly<Partial<Record<DocumentFamilyName, number>>> = { payroll: 8, 'payroll-adjustment': 2 };

export const DEFAULT_COUNTS: Readonly<Record<TestSetKind, Readonly<Partial<Record<DocumentFamilyName, number>>>>> = {
  sales: DEFAULT_SALES_COUNTS,
  payroll: DEFAULT_PAYROLL_COUNTS,
};

/** A cap on each count against typos: test sets ask for tens of documents. */
export const MAX_DOCUMENTS_PER_FAMILY = 500;

/** Why the counts cannot make a run, or null: notes need an invoice, and each deletion its own payroll. */
export function countsProblem(kind: TestSetKind, counts: Partial<Record<DocumentFamilyName, number>>): string | null {
  const total = Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
  if (total === 0) return 'the run would send no document';
  if (kind === 'sales' && (counts['sales-invoice'] ?? 0) === 0 && total > 0) return '--invoices: credit and debit notes need at least one invoice to refer to';
  if (kind === 'payroll' && (counts['payroll-adjustment'] ?? 0) > (counts.payroll ?? 0)) return '--payroll-adjustments: each deletion needs a payroll of its own; send at most as many as --payrolls';
  return null;
}
