import type { SalesInvoiceCustomer, SalesInvoiceItem, SalesInvoicePaymentDetail } from '../sales-invoice/sales-invoice-body.ts';

/** Body of a credit or debit note (seed 000): a correction of a sales invoice, or of a billing period without one. */
export type NoteBody = {
  /** Correction concept of the family's catalog. Required. */
  concept?: string;
  /** Number of the corrected sales invoice (prefix + consecutive). When omitted, billing_period is required. */
  bill_number?: string;
  /** The period the note corrects; required without bill_number, allowed with it. */
  billing_period?: BillingPeriod;
  /** Required; same rules as the sales invoice customer. */
  customer?: SalesInvoiceCustomer;
  /** At least one item; same rules as sales invoice lines. */
  items?: SalesInvoiceItem[];
  /** Optional on a note; when sent, at least one, adding up to the payable amount. */
  payment_details?: SalesInvoicePaymentDetail[];
  /** At most 250 characters. */
  observation?: string;
};

/** Calendar dates YYYY-MM-DD; start_date not after end_date. */
export type BillingPeriod = {
  start_date: string;
  end_date: string;
};
