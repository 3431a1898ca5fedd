import { observationIssue } from '../notes/observation-rule.ts';
import { checkPaymentDetails } from '../sales-invoice/payment-rules.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { computeProviderDocumentTotals } from './provider-document-totals.ts';
import { checkProvider } from './provider-rules.ts';
import type { SupportDocumentBody } from './support-document-body.ts';
import { checkSupportDocumentItems } from './support-document-item-rules.ts';
import type { SupportDocumentTotals } from './support-document-totals.ts';

/** Issuance rules of a support document; empty when the body can be issued. `totals` is asked only once the items pass. */
export function checkSupportDocumentRules(
  body: SupportDocumentBody,
  totals: () => SupportDocumentTotals = () => computeProviderDocumentTotals(body.items ?? []),
): ValidationIssue[] {
  const itemIssues = checkSupportDocumentItems(body.items);
  const payableAmount = itemIssues.length === 0 ? totals().payable_amount : undefined;
  return [
    ...checkProvider(body.provider),
    ...itemIssues,
    ...checkPaymentDetails(body.payment_details, payableAmount, 'support document'),
    observationIssue(body.observation),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}
