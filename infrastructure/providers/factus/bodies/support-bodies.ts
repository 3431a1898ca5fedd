import { asFamily } from '../../../../domain/documents/document-of-family.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import { compact } from './compact.ts';
import { cashRounding, itemBody, paymentBody } from './line-bodies.ts';
import { sellerBody } from './party-bodies.ts';

/** Support document (§1.7): the withholdings on its lines are applied to the provider. */
export function supportDocumentBody(document: DocumentState): Record<string, unknown> {
  const { body, totals } = asFamily(document, 'support-document');
  return compact({
    reference_code: document.id,
    observation: body.observation,
    payment_details: (body.payment_details ?? []).map(paymentBody),
    cash_rounding_amount: cashRounding(totals),
    provider: body.provider && sellerBody(body.provider),
    items: (body.items ?? []).map(itemBody),
  });
}

/** Adjustment note to a support document (§1.7): our concept is Factus's correction concept code (1–5). */
export function adjustmentNoteBody(document: DocumentState): Record<string, unknown> {
  const { body, totals } = asFamily(document, 'adjustment-note');
  const payments = body.payment_details;
  return compact({
    reference_code: document.id,
    support_document_number: body.support_document_number,
    correction_concept_code: body.concept,
    observation: body.observation,
    payment_details: payments?.length ? payments.map(paymentBody) : undefined,
    cash_rounding_amount: payments?.length ? cashRounding(totals) : undefined,
    provider: body.provider && sellerBody(body.provider),
    items: (body.items ?? []).map(itemBody),
  });
}
