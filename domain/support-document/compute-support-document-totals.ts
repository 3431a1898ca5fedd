import { computeProviderDocumentTotals } from './provider-document-totals.ts';
import type { SupportDocumentBody } from './support-document-body.ts';
import type { SupportDocumentTotals } from './support-document-totals.ts';

/** Totals of a valid support document (run checkSupportDocumentRules first). */
export function computeSupportDocumentTotals(body: SupportDocumentBody): SupportDocumentTotals {
  return computeProviderDocumentTotals(body.items ?? []);
}
