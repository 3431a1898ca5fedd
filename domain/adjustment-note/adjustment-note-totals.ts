import { computeProviderDocumentTotals } from '../support-document/provider-document-totals.ts';
import type { SupportDocumentTotals } from '../support-document/support-document-totals.ts';
import type { AdjustmentNoteBody } from './adjustment-note-body.ts';

/** Totals of a valid adjustment note, computed as a support document's (withholdings included, payable unchanged). */
export function computeAdjustmentNoteTotals(body: AdjustmentNoteBody): SupportDocumentTotals {
  return computeProviderDocumentTotals(body.items ?? []);
}
