import type { AcceptanceRecord } from './acceptance-record.ts';
import type { DianEventStatus } from './dian-transmission.ts';
import type { TransmissionEvent } from './transmission-events.ts';

/** The sending of one event to DIAN: attempts started so far, and when the next may start (lease end or retry time). */
export interface TransmissionProgress {
  attempt: number;
  /** null: an attempt may start now (while the event is pending). */
  nextAttemptAt: string | null;
}

interface TransmissionFold {
  records: AcceptanceRecord[];
  transmissions: Readonly<Record<string, TransmissionProgress>>;
}

function withDian(records: AcceptanceRecord[], eventNumber: string, dian: DianEventStatus): AcceptanceRecord[] {
  return records.map((record) => (record.number === eventNumber ? { ...record, dian } : record));
}

/** Folds a transmission event into the trail's records (their `dian` view) and the progress kept per event number. */
export function evolveTransmission<S extends TransmissionFold>(state: S, event: TransmissionEvent): S {
  const { eventNumber } = event.data;
  const progress = state.transmissions[eventNumber] ?? { attempt: 0, nextAttemptAt: null };
  const next = (changes: Partial<TransmissionProgress>) => ({ ...state.transmissions, [eventNumber]: { ...progress, ...changes } });
  switch (event.type) {
    case 'AcceptanceEventTransmissionStarted':
      return { ...state, transmissions: next({ attempt: event.data.attempt, nextAttemptAt: event.data.leaseUntil }) };
    case 'AcceptanceEventTransmissionDeferred':
      return {
        ...state,
        records: withDian(state.records, eventNumber, { status: 'pending', reason: event.data.reason }),
        transmissions: next({ nextAttemptAt: event.data.retryAt }),
      };
    case 'AcceptanceEventTransmitted': {
      const { status, statusCode, messages } = event.data;
      return { ...state, records: withDian(state.records, eventNumber, { status, statusCode, messages }), transmissions: next({ nextAttemptAt: null }) };
    }
    case 'AcceptanceEventTransmissionFailed':
      return {
        ...state,
        records: withDian(state.records, eventNumber, { status: 'failed', reason: event.data.reason }),
        transmissions: next({ nextAttemptAt: null }),
      };
  }
}
