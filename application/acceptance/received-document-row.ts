import type { Issuer } from '../../domain/documents/issuer.ts';
import type { CollectionSpec } from '../ports/read-model-store.ts';

/** One validated sales invoice, listed for the company it was issued to. */
export interface ReceivedDocumentRow {
  id: string;
  issuerTenantId: string;
  environment: string;
  receiverNit: string;
  status: 'validated' | 'voided';
  number: string;
  uniqueCode: string;
  issueDate: string;
  issueTime: string;
  validatedAt: string;
  issuer: Issuer;
  /** The issuer's NIT, for filtering (numbers repeat across issuers). */
  issuerNit: string;
  payableAmount: string;
  /** 1 contado, 2 crédito (the first payment detail's form). */
  paymentForm: string;
  createdAt: string;
}

/** The receiver of every sales invoice, kept from its creation until its validation lists it. */
export type ReceptionInvoiceRow = Omit<ReceivedDocumentRow, 'status' | 'number' | 'uniqueCode' | 'validatedAt'>;

/** Lists newest validation first, optionally by number or issuer; issue-date ranges apply while walking that order. */
export const RECEIVED_DOCUMENTS_COLLECTION: CollectionSpec<ReceivedDocumentRow> = {
  name: 'received_documents',
  indexes: [['validatedAt'], ['number', 'validatedAt'], ['issuerNit', 'validatedAt']],
};

export const RECEPTION_INVOICES_COLLECTION: CollectionSpec<ReceptionInvoiceRow> = { name: 'reception_invoices', indexes: [] };

/**
 * Read-model queries run inside one (tenant, environment) partition. Received documents are partitioned by the
 * receiver's NIT, whether or not that company is a tenant yet; the pending invoices share one partition of their own.
 */
export const receptionPartition = (receiverNit: string, environment: string) => ({ tenantId: `nit:${receiverNit}`, environment });
export const RECEPTION_INVOICES_PARTITION = { tenantId: '*', environment: 'reception-invoices' } as const;
