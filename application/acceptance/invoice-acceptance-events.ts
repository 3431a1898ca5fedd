import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import { salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { GetDocument, Scope } from '../documents/get-document.ts';
import type { DocumentProvider } from '../ports/document-provider.ts';
import { InvoiceNotNumberedError } from './acceptance-errors.ts';
import type { AcceptanceTrails } from './acceptance-trails.ts';

/**
 * Seed 000 `GET /invoices/v1/sales-invoices/{id}/events`: the issuer's view of its invoice's acceptance trail, oldest
 * first. A provider that keeps the trail itself answers it (and may be unavailable: ProviderUnavailableError); with
 * the sandbox the trail is the one this service records.
 */
export class InvoiceAcceptanceEvents {
  constructor(
    private readonly documents: GetDocument,
    private readonly trails: AcceptanceTrails,
    private readonly provider: DocumentProvider,
  ) {}

  async execute(invoiceId: string, scope: Scope): Promise<AcceptanceRecord[]> {
    const invoice = await this.documents.execute(salesInvoiceFamily, invoiceId, scope);
    if (invoice.number === null) throw new InvoiceNotNumberedError(invoice.id, invoice.status);
    if (this.provider.acceptanceEvents) return this.provider.acceptanceEvents(invoice);
    return (await this.trails.of(invoice.id)).records;
  }
}
