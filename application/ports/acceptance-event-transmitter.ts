import type { DianEventAnswer } from '../../domain/acceptance/dian-transmission.ts';

/** An own event's signed ApplicationResponse, to be sent to DIAN as its sender. */
export interface EventFile {
  senderTenantId: string;
  environment: string;
  /** The sender's NIT, without check digit (names the files). */
  senderNit: string;
  xml: string;
}

/** DIAN's answer, and the ZIP that carried the event. */
export interface TransmittedEvent {
  fileName: string;
  answer: DianEventAnswer;
}

/**
 * Sends one acceptance event to DIAN (RADIAN's SendEventUpdateStatus). Throws ProviderUnavailableError when DIAN could
 * not be reached or did not answer (the caller retries), EventNotTransmittableError when it can never be sent as is.
 */
export interface AcceptanceEventTransmitter {
  transmit(file: EventFile): Promise<TransmittedEvent>;
}

/** The event cannot be sent at all (e.g. the sender has no certificate to sign the request with): retrying will not help. */
export class EventNotTransmittableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventNotTransmittableError';
  }
}
