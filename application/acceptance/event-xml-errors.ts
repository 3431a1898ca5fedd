import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';

/** The invoice's trail has no event with that number (404, like an invoice of another company). */
export class AcceptanceEventNotFoundError extends Error {
  constructor(readonly invoiceId: string, readonly eventNumber: string) {
    super(`the invoice ${invoiceId} has no acceptance event number ${eventNumber}`);
    this.name = 'AcceptanceEventNotFoundError';
  }
}

/**
 * The event was sent by the other party of the invoice: its ApplicationResponse is that party's document, signed with
 * its certificate, so this company has no XML of it to give (409).
 */
export class EventNotOwnError extends Error {
  constructor(readonly record: AcceptanceRecord) {
    const sender = record.actor.role === 'issuer' ? 'the invoice’s issuer' : 'the invoice’s receiver';
    super(
      `event ${record.number} (${record.code} ${record.name}) was sent by ${sender}, NIT ${record.actor.nit}; ` +
        'only the events this company sends have an XML here',
    );
    this.name = 'EventNotOwnError';
  }
}
