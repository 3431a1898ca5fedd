import { sum2 } from '../shared/money.ts';
import { computeTotals } from '../sales-invoice/totals.ts';
import type { SupportDocumentItem } from './support-document-body.ts';
import type { SupportDocumentTotals } from './support-document-totals.ts';
import { computeLineWithholdings, groupWithholdings } from './withholding-totals.ts';

/** Totals of valid lines of a support document or adjustment note: sales-invoice totals plus withholdings. */
export function computeProviderDocumentTotals(items: readonly SupportDocumentItem[]): SupportDocumentTotals {
  const totals = computeTotals(items);
  const lines = totals.lines.map((line, index) => ({
    ...line,
    withholding_taxes: computeLineWithholdings(items[index], line),
  }));
  const withholdings = lines.flatMap((line) => line.withholding_taxes);
  return {
    ...totals,
    lines,
    withholding_taxes: groupWithholdings(withholdings),
    withholding_total: sum2(withholdings.map((withholding) => withholding.amount)),
  };
}
