import type { LineTotals, SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';

/**
 * Totals of a support document or adjustment note: the sales-invoice totals plus the withholdings applied to the
 * provider. Withholdings never change line_extension, tax or payable amounts (reference §3.2).
 */
export interface SupportDocumentTotals extends SalesInvoiceTotals {
  lines: SupportDocumentLineTotals[];
  /** One entry per (code, rate), ordered by code then rate. */
  withholding_taxes: WithholdingSubtotal[];
  /** Σ of every withholding amount; informative, not subtracted from payable_amount. */
  withholding_total: string;
}

interface SupportDocumentLineTotals extends LineTotals {
  withholding_taxes: WithholdingSubtotal[];
}

export interface WithholdingSubtotal {
  /** 05 ReteIVA or 06 ReteRenta. */
  code: string;
  /** Percentage with 2 decimals, e.g. "3.50". */
  rate: string;
  /** ReteRenta: the line extension amount; ReteIVA: the line's IVA amount. */
  taxable_amount: string;
  /** taxable_amount × rate / 100, rounded half-to-even. */
  amount: string;
}
