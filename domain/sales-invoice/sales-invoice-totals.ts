/** Totals of a sales invoice; every amount is a decimal string with exactly 2 decimals. */
export interface SalesInvoiceTotals {
  lines: LineTotals[];
  /** Σ line_extension_amount of the lines (LegalMonetaryTotal/LineExtensionAmount). */
  line_extension_amount: string;
  /** Σ taxable bases of the lines that carry at least one tax (TaxExclusiveAmount). */
  tax_exclusive_amount: string;
  /** Σ of every tax amount. */
  tax_amount: string;
  /** line_extension_amount + tax_amount (TaxInclusiveAmount). */
  tax_inclusive_amount: string;
  /** Exact Σ of the lines' tax-included values, rounded once (PayableAmount). */
  payable_amount: string;
  /** payable_amount − tax_inclusive_amount; may be negative (PayableRoundingAmount). */
  rounding_amount: string;
  /** One entry per (code, rate), ordered by code then rate. */
  taxes: TaxSubtotal[];
  /** One entry per tax code, ordered by code. */
  tax_totals: TaxCodeTotal[];
}

export interface LineTotals {
  /** quantity × price, rounded. */
  gross_amount: string;
  /** gross_amount − line_extension_amount. */
  discount_amount: string;
  /** quantity × price × (1 − discount_rate/100), rounded. */
  line_extension_amount: string;
  taxes: TaxSubtotal[];
}

export interface TaxSubtotal {
  code: string;
  /** Percentage with 2 decimals, e.g. "19.00". */
  rate: string;
  taxable_amount: string;
  tax_amount: string;
}

export interface TaxCodeTotal {
  code: string;
  taxable_amount: string;
  tax_amount: string;
}
