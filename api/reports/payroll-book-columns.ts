import type { BookEntry } from '../../application/reports/document-books.ts';
import { asFamily } from '../../domain/documents/document-of-family.ts';
import { PAYROLL_CONCEPTS } from '../../domain/payroll/payroll-concepts.ts';
import { textCell } from '../http/csv-writer.ts';
import type { BookCsv } from './book-columns.ts';

/** Every concept of the catalog, accruals then deductions, as `accrual_<name>` / `deduction_<name>` (some names are both). */
const CONCEPT_COLUMNS = PAYROLL_CONCEPTS.map((concept) => ({ kind: concept.kind, name: concept.name, column: `${concept.kind}_${concept.name}` }));

/**
 * The payroll book: one row per payroll DIAN accepted, the worker, the settlement period and every concept of the
 * catalog in its own column (the concept's amounts summed over its entries; empty where the payroll has none), then
 * the totals. Amounts stay plain; the worker's identification and name are escaped against formulas.
 */
export const PAYROLL_BOOK_CSV: BookCsv = {
  columns: [
    'issue_date',
    'number',
    'unique_code',
    'status',
    'worker_identification',
    'worker_name',
    'settlement_period',
    'payment_date',
    ...CONCEPT_COLUMNS.map(({ column }) => column),
    'accrued_total',
    'deducted_total',
    'net_total',
    'document_id',
  ],
  record({ row }: BookEntry, { escapeText = true } = {}): string[] {
    const text = textCell(escapeText);
    const { body, totals } = asFamily(row, 'payroll');
    const amountOf = (kind: string, name: string) => totals.by_concept.find((line) => line.kind === kind && line.name === name)?.amount ?? '';
    const period = body.settlement_period;
    return [
      row.issueDate,
      row.number ?? '',
      row.uniqueCode ?? '',
      row.status,
      text(row.counterpartyIdentification),
      text(row.counterpartyName),
      `${period.year}-${String(period.month).padStart(2, '0')}`,
      body.payment.payment_date,
      ...CONCEPT_COLUMNS.map(({ kind, name }) => amountOf(kind, name)),
      totals.accrued_total,
      totals.deducted_total,
      totals.net_total,
      row.id,
    ];
  },
};
