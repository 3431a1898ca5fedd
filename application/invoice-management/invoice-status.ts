import type { DocumentStatus } from '../../domain/documents/document-status.ts';

/** The statuses the invoice management face (seed 001) shows; DESIGN.md maps them onto the one document lifecycle. */
export const INVOICE_STATUSES = ['draft', 'issued', 'transmitting', 'validated', 'rejected', 'error', 'voided', 'discarded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

const AS_INVOICE_STATUS: Record<DocumentStatus, InvoiceStatus> = {
  draft: 'draft',
  issued: 'issued',
  pending: 'transmitting',
  sent: 'transmitting',
  validated: 'validated',
  rejected: 'rejected',
  failed: 'error',
  voided: 'voided',
  cancelled: 'discarded',
};

export function invoiceStatusOf(status: DocumentStatus | 'none'): InvoiceStatus | '' {
  return status === 'none' ? '' : AS_INVOICE_STATUS[status];
}

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}
