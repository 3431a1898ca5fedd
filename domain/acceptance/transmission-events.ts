import type { DianRuleLine } from './dian-transmission.ts';

/** Intent: attempt `attempt` to send event `eventNumber` to DIAN is claimed until `leaseUntil` (made once per claim). */
export interface AcceptanceEventTransmissionStarted {
  type: 'AcceptanceEventTransmissionStarted';
  data: { invoiceId: string; eventNumber: string; attempt: number; leaseUntil: string; at: string };
}

/** DIAN answered attempt `attempt`: the event is accepted (valid, or already processed: rule 90) or rejected. */
export interface AcceptanceEventTransmitted {
  type: 'AcceptanceEventTransmitted';
  data: {
    invoiceId: string;
    eventNumber: string;
    attempt: number;
    status: 'accepted' | 'rejected';
    statusCode: string;
    isValid: boolean;
    messages: DianRuleLine[];
    /** The ZIP sent (`z…zip`), for the record. */
    fileName?: string;
    answeredAt: string;
  };
}

/** DIAN was unreachable on attempt `attempt`; the next is due at `retryAt`. */
export interface AcceptanceEventTransmissionDeferred {
  type: 'AcceptanceEventTransmissionDeferred';
  data: { invoiceId: string; eventNumber: string; attempt: number; reason: string; retryAt: string; at: string };
}

/** No attempt is left (or the event cannot be sent at all): the event stays unregistered at DIAN. */
export interface AcceptanceEventTransmissionFailed {
  type: 'AcceptanceEventTransmissionFailed';
  data: { invoiceId: string; eventNumber: string; attempt: number; reason: string; at: string };
}

export type TransmissionEvent =
  | AcceptanceEventTransmissionStarted
  | AcceptanceEventTransmitted
  | AcceptanceEventTransmissionDeferred
  | AcceptanceEventTransmissionFailed;

export const TRANSMISSION_EVENT_TYPES: readonly TransmissionEvent['type'][] = [
  'AcceptanceEventTransmissionStarted',
  'AcceptanceEventTransmitted',
  'AcceptanceEventTransmissionDeferred',
  'AcceptanceEventTransmissionFailed',
];
