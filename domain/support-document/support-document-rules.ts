import { observationIssue } from '../notes/observation-rule.ts';
import { checkPaymentDetails } from '../sales-invoice/payment-rules.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { computeProviderDocumentTotals } from './provider-document-totals.ts';
import { checkProvider } from './provider-rules.ts';
import type { SupportDocumentBody } from './support-document-body.ts';
import { checkSupportDocumentItems } from './support-document-item-rules.ts';

/** Issuance rules of a support document; empty when the body can be issued. */
export function checkSupportDocumentRules(body: SupportDocumentBody): ValidationIssue[] {
  const itemIssues = checkSupportDocumentItems(body.items);
  const payableAmount = itemIssues.length === 0 ? computeProviderDocumentTotals(body.items ?? []).payable_amount : undefined;
  return [
    ...checkProvider(body.provider),
    ...itemIssues,
    ...checkPaymentDetails(body.payment_details, payableAmount, 'support document'),
    observationIssue(body.observation),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}
