import type { SalesBookEntry } from '../../application/reports/sales-book.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import { ITEM_TAX_RATES, ITEM_TAXES } from '../../domain/catalogs/item-taxes.ts';
import { asFamily } from '../../domain/documents/document-of-family.ts';
import type { TaxSubtotal } from '../../domain/sales-invoice/sales-invoice-totals.ts';
import { money } from '../../domain/shared/money.ts';
import { isWithheld } from '../../domain/withholdings/withheld-totals.ts';
import { safeText } from '../http/csv-writer.ts';

/** Every tax and rate a line may carry (the catalogs'), each a pair of columns: the same columns whatever the period holds. */
const TAX_COLUMNS = [...ITEM_TAX_RATES].flatMap(([code, rates]) =>
  rates.map((rate) => ({ code, rate, name: `${ITEM_TAXES.get(code)!.toLowerCase()}_${money(rate).toFixed()}` })));

export const SALES_BOOK_COLUMNS = [
  'issue_date',
  'family',
  'number',
  'unique_code',
  'status',
  'corrects',
  'counterparty_identification',
  'counterparty_name',
  'line_extension_amount',
  ...TAX_COLUMNS.flatMap(({ name }) => [`${name}_base`, name]),
  'tax_amount',
  'payable_amount',
  'withholding_total',
  'document_id',
] as const;

/** An amount with the entry's sign: a credit note's take from the period's sales. */
const signed = (amount: string, sign: 1 | -1) => (sign === 1 || money(amount).isZero() ? amount : money(amount).negated().toFixed(2));

/**
 * The row of one document: every amount signed, the taxes in their columns (empty where it has none). Amounts stay
 * plain so that a spreadsheet sums them; the one free text, the counterparty, is escaped against formulas.
 */
export function salesBookRecord({ family, row, sign }: SalesBookEntry): string[] {
  const { totals } = asFamily(row, 'sales-invoice', 'credit-note', 'debit-note');
  const taxOf = (code: string, rate: string): TaxSubtotal | undefined => totals.taxes.find((tax) => tax.code === code && money(tax.rate).equals(money(rate)));
  const taxes = TAX_COLUMNS.flatMap(({ code, rate }) => {
    const tax = taxOf(code, rate);
    return tax ? [signed(tax.taxable_amount, sign), signed(tax.tax_amount, sign)] : ['', ''];
  });
  return [
    row.issueDate,
    FAMILY_PATH_NAMES[family.name],
    row.number ?? '',
    row.uniqueCode ?? '',
    row.status,
    row.reference?.number ?? '',
    safeText(row.counterpartyIdentification),
    safeText(row.counterpartyName),
    signed(totals.line_extension_amount, sign),
    ...taxes,
    signed(totals.tax_amount, sign),
    signed(totals.payable_amount, sign),
    isWithheld(totals) ? signed(totals.withholding_total, sign) : '',
    row.id,
  ];
}
