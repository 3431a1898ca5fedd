import {
  RECEPTION_INVOICES_PARTITION,
  receptionPartition,
  type ReceivedDocumentRow,
  type ReceptionInvoiceRow,
} from '../../application/acceptance/received-document-row.ts';
import { toDomainEvent } from '../../application/event-sourcing/domain-event.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import type { DocumentCreated, DocumentEvent } from '../../domain/documents/document-events.ts';
import type { DocumentFinalized } from '../../domain/documents/drafts/draft-events.ts';
import { familyOfStream, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import { partyOf } from '../../domain/documents/families/party-of.ts';

const RECEPTION_EVENT_TYPES: readonly DocumentEvent['type'][] = ['DocumentCreated', 'DocumentDrafted', 'DocumentFinalized', 'DocumentValidated', 'DocumentVoided'];

/**
 * The reception family's read model: every validated sales invoice, listed under its customer's NIT and environment
 * (the company it was issued to, tenant or not). Creation keeps the invoice's receiver aside until validation lists it.
 */
export class ReceivedDocumentsProjection implements EventHandler {
  readonly name = 'received-documents';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: RECEPTION_EVENT_TYPES };

  constructor(
    private readonly received: ReadModelCollection<ReceivedDocumentRow>,
    private readonly invoices: ReadModelCollection<ReceptionInvoiceRow>,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const typed = toDomainEvent<DocumentEvent>(event, RECEPTION_EVENT_TYPES);
    if (!typed || familyOfStream(event.streamId) !== salesInvoiceFamily) return;
    const invoiceId = typed.data.documentId;
    if (typed.type === 'DocumentCreated') return this.created(event, typed.data);
    // An invoice drafted through the invoice management face: its final customer, totals and dates come with DocumentFinalized.
    if (typed.type === 'DocumentDrafted') return this.created(event, { ...typed.data, totals: {}, issueDate: '', issueTime: '' } as DocumentCreated['data']);
    const invoice = await this.invoices.get({ ...RECEPTION_INVOICES_PARTITION, id: invoiceId });
    if (!invoice) throw new Error(`invoice ${invoiceId}: ${event.type} arrived before its creation`);
    if (typed.type === 'DocumentFinalized') return this.finalized(event, invoice, typed.data);
    const key = { ...receptionPartition(invoice.receiverNit, invoice.environment), id: invoiceId };
    if (typed.type === 'DocumentValidated') {
      const { number, uniqueCode, validatedAt } = typed.data;
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
