import { CREDIT_PAYMENT } from '../catalogs/payment-forms.ts';
import { isOfFamily } from '../documents/document-of-family.ts';
import type { DocumentState } from '../documents/document-state.ts';
import { partyOf } from '../documents/families/party-of.ts';

/** What the acceptance rules need to know about the sales invoice a trail belongs to. */
export interface InvoiceFacts {
  invoiceId: string;
  issuerTenantId: string;
  environment: string;
  number: string;
  issuerNit: string;
  issuerName: string;
  customerIdentification: string;
  /** Payment form 2 (crédito) on any payment detail: only such invoices are tacitly accepted. */
  credit: boolean;
  voided: boolean;
}

/** The facts of a numbered sales invoice; null when the document has no tax-authority number. */
export function invoiceFactsOf(invoice: DocumentState): InvoiceFacts | null {
  if (!isOfFamily(invoice, 'sales-invoice') || invoice.number === null || !invoice.issuer) return null;
  const payments = invoice.body.payment_details ?? [];
  return {
    invoiceId: invoice.id,
    issuerTenantId: invoice.tenantId,
    environment: invoice.environment,
    number: invoice.number,
    issuerNit: invoice.issuer.nit,
    issuerName: invoice.issuer.legal_name,
    customerIdentification: partyOf(invoice.body.customer).identification,
    credit: payments.some((payment) => payment.payment_form === CREDIT_PAYMENT),
    voided: invoice.status === 'voided',
  };
}
