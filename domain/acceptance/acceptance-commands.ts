import type { EventPerson } from './acceptance-record.ts';
import type { InvoiceFacts } from './invoice-facts.ts';

/** The receiver of the invoice sends 030, 031, 032 or 033. */
export interface RecordReceiverEvent {
  type: 'RecordReceiverEvent';
  invoice: InvoiceFacts;
  receiver: { tenantId: string; nit: string; name: string };
  code: unknown;
  claimConcept?: unknown;
  person?: EventPerson;
  softwarePin: string;
  now: Date;
}

/** The deadline process manager found the tacit acceptance due: the issuer's side records 034 if it still applies. */
export interface RecordTacitAcceptance {
  type: 'RecordTacitAcceptance';
  invoice: InvoiceFacts;
  softwarePin: string;
  now: Date;
}

export type AcceptanceCommand = RecordReceiverEvent | RecordTacitAcceptance;
