import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { AcceptanceState } from '../../domain/acceptance/acceptance-state.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { GetDocument, Scope } from '../documents/get-document.ts';
import type { EventXmlRenderer } from '../ports/event-xml-renderer.ts';
import { InvoiceNotNumberedError } from './acceptance-errors.ts';
import type { AcceptanceTrails } from './acceptance-trails.ts';
import { AcceptanceEventNotFoundError, EventNotOwnError } from './event-xml-errors.ts';
import type { GetReceivedDocument } from './get-received-document.ts';
import type { Receiver } from './receiver.ts';

/** The ApplicationResponse of an event, with what names its file. */
export interface EventXml {
  xml: string;
  invoiceNumber: string;
  record: AcceptanceRecord;
}

function recordNumbered(invoice: DocumentState, trail: AcceptanceState, eventNumber: string): AcceptanceRecord {
  const record = trail.records.find((candidate) => candidate.number === eventNumber);
  if (!record) throw new AcceptanceEventNotFoundError(invoice.id, eventNumber);
  return record;
}

/**
 * The XML of an acceptance event the company sent itself: on its own invoices the issuer sends 034 (tacit
 * acceptance); on documents issued to it the receiver sends 030, 031, 032 and 033. Events the other party sent are
 * only recorded here (EventNotOwnError).
 */
export class OwnEventXml {
  constructor(
    private readonly documents: GetDocument,
    private readonly received: GetReceivedDocument,
    private readonly trails: AcceptanceTrails,
    private readonly renderer: EventXmlRenderer,
  ) {}

  /** An event on an invoice the company issued (`/invoices/v1/sales-invoices/{id}/events/{number}/xml`). */
  async ofIssuedInvoice(invoiceId: string, eventNumber: string, scope: Scope): Promise<EventXml> {
    const invoice = await this.documents.execute(salesInvoiceFamily, invoiceId, scope);
    if (invoice.number === null) throw new InvoiceNotNumberedError(invoice.id, invoice.status);
    const trail = await this.trails.of(invoice.id);
    const record = recordNumbered(invoice, trail, eventNumber);
    if (record.actor.role !== 'issuer') throw new EventNotOwnError(record);
    return this.render(invoice, trail, record, scope.tenantId, scope.environment);
  }

  /** An event on a document issued to the company (`/receptions/v1/received-documents/{id}/events/{number}/xml`). */
  async ofReceivedDocument(invoiceId: string, eventNumber: string, receiver: Receiver): Promise<EventXml> {
    const { invoice, trail } = await this.received.execute(invoiceId, receiver);
    const record = recordNumbered(invoice, trail, eventNumber);
    if (record.actor.role !== 'receiver' || record.actor.nit !== receiver.nit) throw new EventNotOwnError(record);
    return this.render(invoice, trail, record, receiver.tenantId, receiver.environment);
  }

  private async render(invoice: DocumentState, trail: AcceptanceState, record: AcceptanceRecord, senderTenantId: string, environment: string): Promise<EventXml> {
    const xml = await this.renderer.render({ invoice, record, trail, senderTenantId, environment });
    return { xml, invoiceNumber: invoice.number!, record };
  }
}
