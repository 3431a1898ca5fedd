import {
  RECEPTION_INVOICES_PARTITION,
  receptionPartition,
  type ReceivedDocumentRow,
  type ReceptionInvoiceRow,
} from '../../application/acceptance/received-document-row.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import type { DocumentCreated, DocumentValidated } from '../../domain/documents/document-events.ts';
import type { DocumentDrafted, DocumentFinalized } from '../../domain/documents/drafts/draft-events.ts';
import { familyOfStream, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import { partyOf } from '../../domain/documents/families/party-of.ts';

/**
 * The reception family's read model: every validated sales invoice, listed under its customer's NIT and environment
 * (the company it was issued to, tenant or not). Creation keeps the invoice's receiver aside until validation lists it.
 */
export class ReceivedDocumentsProjection implements EventHandler {
  readonly name = 'received-documents';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: ['DocumentCreated', 'DocumentDrafted', 'DocumentFinalized', 'DocumentValidated', 'DocumentVoided'] };

  constructor(
    private readonly received: ReadModelCollection<ReceivedDocumentRow>,
    private readonly invoices: ReadModelCollection<ReceptionInvoiceRow>,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (familyOfStream(event.streamId) !== salesInvoiceFamily) return;
    const invoiceId = String(event.data.documentId);
    if (event.type === 'DocumentCreated') return this.created(event, event.data as DocumentCreated['data']);
    // An invoice drafted through the integrations face: its final customer, totals and dates come with DocumentFinalized.
    if (event.type === 'DocumentDrafted') return this.created(event, { ...(event.data as DocumentDrafted['data']), totals: {}, issueDate: '', issueTime: '' } as DocumentCreated['data']);
    const invoice = await this.invoices.get({ ...RECEPTION_INVOICES_PARTITION, id: invoiceId });
    if (!invoice) throw new Error(`invoice ${invoiceId}: ${event.type} arrived before its creation`);
    if (event.type === 'DocumentFinalized') return this.finalized(event, invoice, event.data as DocumentFinalized['data']);
    const key = { ...receptionPartition(invoice.receiverNit, invoice.environment), id: invoiceId };
    if (event.type === 'DocumentValidated') {
      const { number, uniqueCode, validatedAt } = event.data as DocumentValidated['data'];
      await this.received.upsert(key, event.revision, { ...invoice, status: 'validated', number, uniqueCode, validatedAt });
      return;
    }
    const row = await this.received.get(key);
    if (row) await this.received.upsert(key, event.revision, { ...row, status: 'voided' });
  }

  private async created(event: RecordedEvent, data: DocumentCreated['data']): Promise<void> {
    const payments = (data.body.payment_details ?? []) as Array<{ payment_form?: string }>;
    const row: ReceptionInvoiceRow = {
      id: data.documentId,
      issuerTenantId: data.tenantId,
      environment: data.environment,
      receiverNit: partyOf(data.body.customer).identification,
      issueDate: data.issueDate,
      issueTime: data.issueTime,
      issuer: data.issuer,
      issuerNit: data.issuer.nit,
      payableAmount: String(data.totals.payable_amount ?? ''),
      paymentForm: String(payments[0]?.payment_form ?? ''),
      createdAt: data.at,
    };
    await this.invoices.upsert({ ...RECEPTION_INVOICES_PARTITION, id: data.documentId }, event.revision, row);
  }

  private async finalized(event: RecordedEvent, invoice: ReceptionInvoiceRow, data: DocumentFinalized['data']): Promise<void> {
    const payments = (data.body.payment_details ?? []) as Array<{ payment_form?: string }>;
    await this.invoices.upsert({ ...RECEPTION_INVOICES_PARTITION, id: invoice.id }, event.revision, {
      ...invoice,
      receiverNit: partyOf(data.body.customer).identification,
      issueDate: data.issueDate,
      issueTime: data.issueTime,
      payableAmount: String(data.totals.payable_amount ?? ''),
      paymentForm: String(payments[0]?.payment_form ?? ''),
    });
  }
}
