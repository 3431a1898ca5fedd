import { ADJUSTMENT_NOTE_CONCEPTS } from '../catalogs/adjustment-note-concepts.ts';
import { conceptIssue } from '../notes/concept-rule.ts';
import { documentNumberIssue } from '../notes/document-number-rule.ts';
import { observationIssue } from '../notes/observation-rule.ts';
import { checkOptionalPaymentDetails } from '../notes/optional-payment-rules.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { computeProviderDocumentTotals } from '../support-document/provider-document-totals.ts';
import { checkProvider } from '../support-document/provider-rules.ts';
import { checkSupportDocumentItems } from '../support-document/support-document-item-rules.ts';
import type { SupportDocumentTotals } from '../support-document/support-document-totals.ts';
import type { AdjustmentNoteBody } from './adjustment-note-body.ts';

/**
 * Issuance rules of an adjustment note; the support document's existence is checked by the application layer.
 * `totals` is asked only once the items pass.
 */
export function checkAdjustmentNoteRules(
  body: AdjustmentNoteBody,
  totals: () => SupportDocumentTotals = () => computeProviderDocumentTotals(body.items ?? []),
): ValidationIssue[] {
  const itemIssues = checkSupportDocumentItems(body.items);
  const payableAmount = itemIssues.length === 0 ? totals().payable_amount : undefined;
  return [
    documentNumberIssue('support_document_number', body.support_document_number, 'the number of a support document', {
      required: true,
      whenMissing: 'an adjustment note must name the support document it adjusts',
    }),
    conceptIssue(body.concept, ADJUSTMENT_NOTE_CONCEPTS, 'an adjustment note concept'),
    ...checkProvider(body.provider),
    ...itemIssues,
    ...checkOptionalPaymentDetails(body.payment_details, payableAmount, 'adjustment note'),
    observationIssue(body.observation),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}
