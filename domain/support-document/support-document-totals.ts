import type { WithheldTotals } from '../withholdings/withheld-totals.ts';

/** Totals of a support document or adjustment note: the sales-invoice totals plus the withholdings on its lines. */
export type SupportDocumentTotals = WithheldTotals;
