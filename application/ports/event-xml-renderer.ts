import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { AcceptanceState } from '../../domain/acceptance/acceptance-state.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

/** An acceptance event the company sent itself, with what its ApplicationResponse states. */
export interface OwnEvent {
  /** The numbered sales invoice the event answers. */
  invoice: DocumentState;
  record: AcceptanceRecord;
  /** The invoice's whole trail (a tacit acceptance cites the receipt of the goods, 032). */
  trail: AcceptanceState;
  /** The company that sent the event and signs its XML. */
  senderTenantId: string;
  /** `test` or `live`. */
  environment: string;
}

/** Renders an own event as DIAN's ApplicationResponse, signed with the sender's certificate. */
export interface EventXmlRenderer {
  render(event: OwnEvent): Promise<string>;
}
