import { colombiaDateTime } from '../shared/colombia-time.ts';
import { eventCude } from '../unique-codes/event-cude.ts';
import { EVENT_NAMES, REFERENCED_INVOICE_TYPE_CODE, type AcceptanceEventCode } from './acceptance-codes.ts';
import type { AcceptanceEventRecorded } from './acceptance-events.ts';
import type { AcceptanceActor } from './acceptance-record.ts';
import type { InvoiceFacts } from './invoice-facts.ts';

interface EventRecordInput {
  invoice: InvoiceFacts;
  code: AcceptanceEventCode;
  /** Consecutive of the event within the trail. */
  number: number;
  /** Who emits it (CUDE NitFE) and who it is addressed to (CUDE DocAdq). */
  emitter: AcceptanceActor;
  receiverId: string;
  receiverTenantId?: string;
  receiverTenantIds?: readonly string[];
  claimConcept?: string;
  softwarePin: string;
  transmitToDian?: boolean;
  now: Date;
}

/** The recorded event with its CUDE: Num_DE + Fec_Emi + Hor_Emi + NitFE + DocAdq + ResponseCode + invoice number + 01 + PIN. */
export function eventRecorded(input: EventRecordInput): AcceptanceEventRecorded {
  const { invoice, code, emitter, receiverId, now } = input;
  const { date, time } = colombiaDateTime(now);
  const number = String(input.number);
  const uniqueCode = eventCude({
    eventNumber: number,
    issueDate: date,
    issueTime: time,
    issuerNit: emitter.nit,
    receiverId,
    responseCode: code,
    referencedDocumentNumber: invoice.number,
    referencedDocumentTypeCode: REFERENCED_INVOICE_TYPE_CODE,
    softwarePin: input.softwarePin,
  });
  return {
    type: 'AcceptanceEventRecorded',
    data: {
      code,
      name: EVENT_NAMES[code],
      number,
      uniqueCode,
      effectiveAt: now.toISOString(),
      actor: emitter,
      ...(input.claimConcept && { claimConcept: input.claimConcept }),
      invoiceId: invoice.invoiceId,
      invoiceNumber: invoice.number,
      issueDate: date,
      issueTime: time,
      emitterNit: emitter.nit,
      receiverId,
      ...(input.receiverTenantId && { receiverTenantId: input.receiverTenantId }),
      ...(input.receiverTenantIds?.length && { receiverTenantIds: [...input.receiverTenantIds] }),
      ...(input.transmitToDian && { transmitTo: 'dian' as const }),
      at: now.toISOString(),
    },
  };
}
