import type { LineTotals, SalesInvoiceTotals } from '../sales-invoice/sales-invoice-totals.ts';
import type { WithholdingSubtotal } from './withholding-tax.ts';

/**
 * The totals of a document whose lines carry withholdings: the sales-invoice totals plus the withholdings. They never
 * change line_extension, tax or payable amounts (reference §3.2): WithholdingTaxTotal informs, it does not subtract.
 */
export interface WithheldTotals extends SalesInvoiceTotals {
  lines: WithheldLineTotals[];
  /** One entry per (code, rate), ordered by code then rate. */
  withholding_taxes: WithholdingSubtotal[];
  /** Σ of every withholding amount; informative, not subtracted from payable_amount. */
  withholding_total: string;
}

export interface WithheldLineTotals extends LineTotals {
  withholding_taxes: WithholdingSubtotal[];
}

/** Whether the totals state withholdings (a support document's always do; a sales invoice's when it has any). */
export function isWithheld(totals: SalesInvoiceTotals): totals is WithheldTotals {
  return 'withholding_taxes' in totals;
}
