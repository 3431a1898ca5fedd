import type { EventPerson } from './acceptance-record.ts';
import type { InvoiceFacts } from './invoice-facts.ts';
import type { TransmissionCommand } from './transmission-commands.ts';

/** The receiver of the invoice sends 030, 031, 032 or 033. */
export interface RecordReceiverEvent {
  type: 'RecordReceiverEvent';
  invoice: InvoiceFacts;
  receiver: { tenantId: string; nit: string; name: string };
  code: unknown;
  claimConcept?: unknown;
  person?: EventPerson;
  softwarePin: string;
  /** The deployment sends the receiver's events to DIAN itself. */
  transmitToDian?: boolean;
  now: Date;
}

/** The deadline process manager found the tacit acceptance due: the issuer's side records 034 if it still applies. */
export interface RecordTacitAcceptance {
  type: 'RecordTacitAcceptance';
  invoice: InvoiceFacts;
  /** The companies of this service registered with the invoice's customer NIT: they receive it. */
  receiverTenantIds?: readonly string[];
  softwarePin: string;
  /** The deployment sends the issuer's 034 to DIAN itself. */
  transmitToDian?: boolean;
  now: Date;
}

export type AcceptanceCommand = RecordReceiverEvent | RecordTacitAcceptance | TransmissionCommand;
