import type { DianEventAnswer } from './dian-transmission.ts';

/** Claims the next attempt to send an event to DIAN, when one is due (first, retry, or a lapsed claim). */
export interface StartEventTransmission {
  type: 'StartEventTransmission';
  invoiceId: string;
  eventNumber: string;
  leaseMs: number;
  now: Date;
}

/** DIAN answered attempt `attempt`. */
export interface RecordEventTransmission {
  type: 'RecordEventTransmission';
  invoiceId: string;
  eventNumber: string;
  attempt: number;
  answer: DianEventAnswer;
  fileName?: string;
  now: Date;
}

/** Attempt `attempt` got no answer: retried at `retryAt`, or failed for good when `retryAt` is null. */
export interface RecordEventTransmissionFault {
  type: 'RecordEventTransmissionFault';
  invoiceId: string;
  eventNumber: string;
  attempt: number;
  reason: string;
  retryAt: Date | null;
  now: Date;
}

export type TransmissionCommand = StartEventTransmission | RecordEventTransmission | RecordEventTransmissionFault;
