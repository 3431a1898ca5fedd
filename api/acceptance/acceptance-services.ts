import type { GetReceivedDocument } from '../../application/acceptance/get-received-document.ts';
import type { InvoiceAcceptanceEvents } from '../../application/acceptance/invoice-acceptance-events.ts';
import type { ListReceivedDocuments } from '../../application/acceptance/list-received-documents.ts';
import type { OwnEventXml } from '../../application/acceptance/own-event-xml.ts';
import type { RecordAcceptanceEvent } from '../../application/acceptance/record-acceptance-event.ts';
import type { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';

/** What the acceptance-event and reception routes need from the application. */
export interface AcceptanceServices {
  tenants: TenantDirectory;
  invoiceEvents: InvoiceAcceptanceEvents;
  getReceived: GetReceivedDocument;
  listReceived: ListReceivedDocuments;
  recordEvent: RecordAcceptanceEvent;
  ownEventXml: OwnEventXml;
}
