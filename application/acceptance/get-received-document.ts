import type { AcceptanceState } from '../../domain/acceptance/acceptance-state.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { documentStreamId, salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import { partyOf } from '../../domain/documents/families/party-of.ts';
import { DocumentNotFoundError } from '../documents/document-errors.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { AcceptanceTrails } from './acceptance-trails.ts';
import type { Receiver } from './receiver.ts';

export interface ReceivedDocument {
  invoice: DocumentState;
  trail: AcceptanceState;
}

/** A numbered sales invoice of any tenant issued to the receiver's NIT in the receiver's environment. */
function isReceivedBy(invoice: DocumentState, receiver: Receiver): boolean {
  return (
    invoice.family === salesInvoiceFamily.name &&
    invoice.number !== null &&
    invoice.environment === receiver.environment &&
    partyOf(invoice.body.customer).identification === receiver.nit
  );
}

/** One document issued to the receiver, read from the event store (found as soon as it is validated). */
export class GetReceivedDocument {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly trails: AcceptanceTrails,
  ) {}

  async execute(invoiceId: string, receiver: Receiver): Promise<ReceivedDocument> {
    const { state: invoice } = await this.aggregates.load(documentStreamId(salesInvoiceFamily, invoiceId), documentDecider);
    if (!isReceivedBy(invoice, receiver)) throw new DocumentNotFoundError(invoiceId);
    return { invoice, trail: await this.trails.of(invoiceId) };
  }
}
