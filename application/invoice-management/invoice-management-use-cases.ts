import type { RateLimiter } from '../ports/rate-limiter.ts';
import type { CreateDraft } from './create-draft.ts';
import type { DiscardDraft } from './discard-draft.ts';
import type { EditDraft } from './edit-draft.ts';
import type { FinalizeInvoice } from './finalize-invoice.ts';
import type { GetIdentity } from './get-identity.ts';
import type { GetInvoice } from './get-invoice.ts';
import type { IdempotentRequests } from './idempotent-requests.ts';
import type { InvoiceArtifact } from './invoice-artifact.ts';
import type { ListInvoices } from './list-invoices.ts';
import type { TransmitInvoice } from './transmit-invoice.ts';

/** Everything the invoice management API for integrations (seed 001) does. */
export interface InvoiceManagementUseCases {
  identity: GetIdentity;
  getInvoice: GetInvoice;
  listInvoices: ListInvoices;
  createDraft: CreateDraft;
  editDraft: EditDraft;
  finalizeInvoice: FinalizeInvoice;
  discardDraft: DiscardDraft;
  transmitInvoice: TransmitInvoice;
  invoiceArtifact: InvoiceArtifact;
  idempotency: IdempotentRequests;
  rateLimiter: RateLimiter;
}
