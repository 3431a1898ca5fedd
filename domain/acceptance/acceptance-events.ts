import type { AcceptanceRecord } from './acceptance-record.ts';
import type { TransmissionEvent } from './transmission-events.ts';

/** Stream of one invoice's acceptance trail (its own aggregate, beside the invoice's stream). */
export const acceptanceStreamId = (invoiceId: string) => `invoiceAcceptance-${invoiceId}`;

/** A RADIAN event entered the trail. The CUDE inputs are kept so the unique code can be recomputed. */
export interface AcceptanceEventRecorded {
  type: 'AcceptanceEventRecorded';
  data: Omit<AcceptanceRecord, 'dian'> & {
    invoiceId: string;
    invoiceNumber: string;
    /** Colombian date and time of issue (CUDE Fec_Emi, Hor_Emi). */
    issueDate: string;
    issueTime: string;
    /** CUDE NitFE (who emits the event) and DocAdq (who it is addressed to). */
    emitterNit: string;
    receiverId: string;
    /** The receiver's tenant, for events it sent. */
    receiverTenantId?: string;
    /**
     * On the issuer's 034: the companies of this service the invoice was issued to (registered with the customer's NIT)
     * when it was recorded, so they can be told of it. Absent when there is none, and on older events.
     */
    receiverTenantIds?: string[];
    /** The sender's service transmits the event to DIAN (PROVIDER=dian): the intent, recorded with the event. */
    transmitTo?: 'dian';
    at: string;
  };
}

/** Goods or service received (032) on a credit invoice: 034 falls due at `dueAt` unless 031 or 033 come first. */
interface TacitAcceptanceScheduled {
  type: 'TacitAcceptanceScheduled';
  data: { invoiceId: string; goodsReceivedAt: string; dueAt: string; at: string };
}

/** A due tacit acceptance that no longer applies (the invoice was voided meanwhile). */
interface TacitAcceptanceCancelled {
  type: 'TacitAcceptanceCancelled';
  data: { invoiceId: string; reason: string; at: string };
}

export type AcceptanceEvent = AcceptanceEventRecorded | TacitAcceptanceScheduled | TacitAcceptanceCancelled | TransmissionEvent;
