import { sha384Hex } from './sha384-hex.ts';

/** Fields of the CUDE of a RADIAN event, an ApplicationResponse (reference §2.3). */
interface EventCudeFields {
  /** Num_DE: number of the event document. */
  eventNumber: string;
  /** YYYY-MM-DD. */
  issueDate: string;
  /** HH:MM:SS-05:00. */
  issueTime: string;
  /** NitFE: NIT of whoever emits the event. */
  issuerNit: string;
  /** DocAdq: identification of the receiver of the event. */
  receiverId: string;
  /** ResponseCode of the event, e.g. 030. */
  responseCode: string;
  /** ID of the referenced document, e.g. the invoice number. */
  referencedDocumentNumber: string;
  /** DocumentTypeCode of the referenced document, e.g. 01. */
  referencedDocumentTypeCode: string;
  softwarePin: string;
}

export function eventCudeConcatenation(fields: EventCudeFields): string {
  return [
    fields.eventNumber,
    fields.issueDate,
    fields.issueTime,
    fields.issuerNit,
    fields.receiverId,
    fields.responseCode,
    fields.referencedDocumentNumber,
    fields.referencedDocumentTypeCode,
    fields.softwarePin,
  ].join('');
}

export function eventCude(fields: EventCudeFields): string {
  return sha384Hex(eventCudeConcatenation(fields));
}
