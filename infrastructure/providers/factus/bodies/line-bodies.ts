import type { SalesInvoiceItem, SalesInvoicePaymentDetail } from '../../../../domain/sales-invoice/sales-invoice-body.ts';
import { compact } from './compact.ts';

/**
 * One line (§1.4 items): the price is net of taxes and before the discount in v2, as in our bodies; withholdings go
 * as Factus names them on both a sales invoice's lines and a support document's (§1.4, §1.7).
 */
export function itemBody(item: SalesInvoiceItem): Record<string, unknown> {
  return compact({
    code_reference: item.code_reference,
    name: item.name,
    quantity: item.quantity,
    discount_rate: item.discount_rate,
    price: item.price,
    unit_measure_code: item.unit_measure_code,
    standard_code: item.standard_code,
    taxes: (item.taxes ?? []).map(({ code, rate }) => ({ code, rate })),
    withholding_taxes: item.withholding_taxes?.length ? item.withholding_taxes.map(({ code, rate }) => ({ code, rate })) : undefined,
  });
}

export function paymentBody(payment: SalesInvoicePaymentDetail): Record<string, unknown> {
  return compact({
    payment_form: payment.payment_form,
    payment_method_code: payment.payment_method_code,
    reference_code: payment.reference_code,
    amount: payment.amount,
    due_date: payment.due_date,
  });
}

/** PayableAmount − TaxInclusiveAmount: what Factus's `cash_rounding_amount` reconciles (payments vs. total). */
export function cashRounding(totals: Record<string, unknown>): string {
  return String(totals.rounding_amount ?? '0.00');
}
