import { computeTotals } from '../sales-invoice/totals.ts';
import { withWithholdings } from '../withholdings/withholding-totals.ts';
import type { SupportDocumentItem } from './support-document-body.ts';
import type { SupportDocumentTotals } from './support-document-totals.ts';

/** Totals of valid lines of a support document or adjustment note: sales-invoice totals plus withholdings. */
export function computeProviderDocumentTotals(items: readonly SupportDocumentItem[]): SupportDocumentTotals {
  return withWithholdings(items, computeTotals(items));
}
