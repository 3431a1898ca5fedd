import { asFamily } from '../../../../domain/documents/document-of-family.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import { compact } from './compact.ts';
import { cashRounding, itemBody, paymentBody } from './line-bodies.ts';
import { customerBody } from './party-bodies.ts';

/**
 * Sales invoice (§1.4): FEV 01, operation 10. `send_email` false: the service e-mails documents itself, and Factus's
 * `email-content` (our zip) is meant for exactly that flow.
 */
export function salesInvoiceBody(document: DocumentState): Record<string, unknown> {
  const { body, totals } = asFamily(document, 'sales-invoice');
  return compact({
    reference_code: document.id,
    document: '01',
    operation_type: '10',
    send_email: false,
    observation: body.observation,
    payment_details: (body.payment_details ?? []).map(paymentBody),
    cash_rounding_amount: cashRounding(totals),
    customer: body.customer && customerBody(body.customer),
    items: (body.items ?? []).map(itemBody),
  });
}

/** Operation types of a note with and without a referenced invoice (§1.5, §1.6, §3.4). */
const CUSTOMIZATION = { 'credit-note': ['20', '22'], 'debit-note': ['30', '32'] } as const;

/** Credit note (§1.5) or debit note (§1.6): our concept is Factus's correction concept code. */
export function noteBody(document: DocumentState): Record<string, unknown> {
  const { family, body, totals } = asFamily(document, 'credit-note', 'debit-note');
  const [referenced, unreferenced] = CUSTOMIZATION[family];
  const payments = body.payment_details;
  return compact({
    reference_code: document.id,
    correction_concept_code: body.concept,
    customization_id: body.bill_number ? referenced : unreferenced,
    bill_number: body.bill_number,
    billing_period: body.billing_period && { start_date: body.billing_period.start_date, end_date: body.billing_period.end_date },
    send_email: false,
    observation: body.observation,
    payment_details: payments?.length ? payments.map(paymentBody) : undefined,
    cash_rounding_amount: payments?.length ? cashRounding(totals) : undefined,
    customer: body.customer && customerBody(body.customer),
    items: (body.items ?? []).map(itemBody),
  });
}
