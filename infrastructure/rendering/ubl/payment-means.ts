import type { SalesInvoicePaymentDetail } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';

/** One PaymentMeans per payment detail: form (1 contado, 2 crédito) as ID, method, due date and reference. */
export function paymentMeans(parent: XmlNode, payments: readonly SalesInvoicePaymentDetail[]): void {
  for (const payment of payments) {
    const node = child(parent, 'cac:PaymentMeans');
    child(node, 'cbc:ID', payment.payment_form);
    child(node, 'cbc:PaymentMeansCode', payment.payment_method_code);
    if (payment.due_date) child(node, 'cbc:PaymentDueDate', payment.due_date);
    if (payment.reference_code) child(node, 'cbc:PaymentID', payment.reference_code);
  }
}

/** The invoice's due date: the last due date of its credit payments, if any. */
export function dueDateOf(payments: readonly SalesInvoicePaymentDetail[]): string | undefined {
  const dates = payments.map((payment) => payment.due_date).filter((date): date is string => date !== undefined);
  return dates.sort().at(-1);
}
