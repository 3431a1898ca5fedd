import { PAYMENT_FORMS } from '../../../domain/catalogs/payment-forms.ts';
import { PAYMENT_METHODS } from '../../../domain/catalogs/payment-methods.ts';
import type { CommercialView } from '../commercial/commercial-view.ts';
import { ensureSpace, type Pdf } from './pdf-document.ts';
import { CONTENT, GAP } from './pdf-layout.ts';
import { pesos } from './pdf-format.ts';
import { band, pairsAt, type Pair } from './pdf-text.ts';

/** Payment terms (form, method, amount, reference, due date) and the observation. */
export function drawPaymentTerms(pdf: Pdf, view: CommercialView): void {
  ensureSpace(pdf, 30 + view.payments.length * 10);
  const top = band(pdf, 'Condiciones de pago', CONTENT.left, pdf.y, CONTENT.width);
  const pairs: Pair[] = view.payments.length === 0
    ? [['Forma de pago', 'No informada en la nota']]
    : view.payments.map((payment): Pair => [
        `${PAYMENT_FORMS.get(payment.payment_form) ?? payment.payment_form}`,
        [
          `medio de pago ${PAYMENT_METHODS.get(payment.payment_method_code) ?? payment.payment_method_code}`,
          pesos(payment.amount),
          payment.reference_code && `referencia ${payment.reference_code}`,
          payment.due_date && `vence el ${payment.due_date}`,
        ].filter(Boolean).join(', '),
      ]);
  if (view.observation) pairs.push(['Observaciones', view.observation]);
  pdf.y = pairsAt(pdf, pairs, CONTENT.left + 4, top, CONTENT.width - 8) + GAP;
}
