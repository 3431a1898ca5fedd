import type { BookEntry } from '../../application/reports/document-books.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import { IVA, ITEM_TAX_RATES, ITEM_TAXES } from '../../domain/catalogs/item-taxes.ts';
import { RETE_IVA, RETE_RENTA } from '../../domain/catalogs/withholding-taxes.ts';
import { asFamily } from '../../domain/documents/document-of-family.ts';
import { money, sum2 } from '../../domain/shared/money.ts';
import { isWithheld } from '../../domain/withholdings/withheld-totals.ts';
import { textCell } from '../http/csv-writer.ts';

/** A book's columns and the record of one document (its text cells escaped against formulas unless told not to). */
export interface BookCsv {
  columns: readonly string[];
  record(entry: BookEntry, options?: { escapeText?: boolean }): string[];
}

type TaxColumn = { code: string; rate: string; name: string };

/** Every rate the catalogs admit of the taxes given, each a pair of columns: the same columns whatever the period holds. */
const taxColumnsOf = (codes: readonly string[]): TaxColumn[] =>
  codes.flatMap((code) => ITEM_TAX_RATES.get(code)!.map((rate) => ({ code, rate, name: `${ITEM_TAXES.get(code)!.toLowerCase()}_${money(rate).toFixed()}` })));

/** The withholdings by code: their rates are the company's own (0 to 100), so each code is one base and one amount. */
const WITHHOLDING_COLUMNS = [
  { code: RETE_IVA, name: 'reteiva' },
  { code: RETE_RENTA, name: 'reterenta' },
];

/** An amount with the entry's sign: a credit or adjustment note's take from the period's figures. */
const signed = (amount: string, sign: 1 | -1) => (sign === 1 || money(amount).isZero() ? amount : money(amount).negated().toFixed(2));

function bookCsv(taxes: readonly TaxColumn[]): BookCsv {
  const columns = [
    'issue_date',
    'family',
    'number',
    'unique_code',
    'status',
    'corrects',
    'counterparty_identification',
    'counterparty_name',
    'line_extension_amount',
    ...taxes.flatMap(({ name }) => [`${name}_base`, name]),
    'tax_amount',
    'payable_amount',
    ...WITHHOLDING_COLUMNS.flatMap(({ name }) => [`${name}_base`, name]),
    'withholding_total',
    'document_id',
  ];
  /**
   * Every amount signed, each tax in its rate's columns and each withholding in its code's (empty where the document has
   * none). Amounts stay plain so that a spreadsheet sums them; the one free text, the counterparty, is escaped.
   */
  const record = ({ family, row, sign }: BookEntry, { escapeText = true } = {}): string[] => {
    const text = textCell(escapeText);
    const { totals } = asFamily(row, 'sales-invoice', 'credit-note', 'debit-note', 'support-document', 'adjustment-note');
    const taxCells = taxes.flatMap(({ code, rate }) => {
      const tax = totals.taxes.find((each) => each.code === code && money(each.rate).equals(money(rate)));
      return tax ? [signed(tax.taxable_amount, sign), signed(tax.tax_amount, sign)] : ['', ''];
    });
    const withheld = isWithheld(totals) ? totals.withholding_taxes : [];
    const withholdingCells = WITHHOLDING_COLUMNS.flatMap(({ code }) => {
      const ofCode = withheld.filter((withholding) => withholding.code === code);
      if (ofCode.length === 0) return ['', ''];
      return [signed(sum2(ofCode.map((each) => each.taxable_amount)), sign), signed(sum2(ofCode.map((each) => each.amount)), sign)];
    });
    return [
      row.issueDate,
      FAMILY_PATH_NAMES[family.name],
      row.number ?? '',
      row.uniqueCode ?? '',
      row.status,
      row.reference?.number ?? '',
      text(row.counterpartyIdentification),
      text(row.counterpartyName),
      signed(totals.line_extension_amount, sign),
      ...taxCells,
      signed(totals.tax_amount, sign),
      signed(totals.payable_amount, sign),
      ...withholdingCells,
      isWithheld(totals) ? signed(totals.withholding_total, sign) : '',
      row.id,
    ];
  };
  return { columns, record };
}

/** Sales: every tax a sales line admits. */
export const SALES_BOOK_CSV = bookCsv(taxColumnsOf([...ITEM_TAX_RATES.keys()]));
/** Purchases: a support document's lines carry IVA only. */
export const PURCHASES_BOOK_CSV = bookCsv(taxColumnsOf([IVA]));
