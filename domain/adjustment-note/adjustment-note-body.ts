import type { SalesInvoicePaymentDetail } from '../sales-invoice/sales-invoice-body.ts';
import type { SupportDocumentItem, SupportDocumentProvider } from '../support-document/support-document-body.ts';

/** Adjustment note to a support document (seed 000): numbered against its own range. */
export type AdjustmentNoteBody = {
  /** Required: the number of the support document this note adjusts. */
  support_document_number?: string;
  /** Adjustment-note catalog 1–5 (5 is "other" here, not prompt-payment discount). Required. */
  concept?: string;
  /** Required; same rules as on the support document. */
  provider?: SupportDocumentProvider;
  /** At least one item; IVA as the only tax, withholdings allowed. */
  items?: SupportDocumentItem[];
  /** Optional, as on notes; when sent, at least one, adding up to the payable amount. */
  payment_details?: SalesInvoicePaymentDetail[];
  /** At most 250 characters. */
  observation?: string;
};
