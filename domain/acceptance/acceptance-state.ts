import type { AcceptanceEventCode } from './acceptance-codes.ts';
import type { AcceptanceEvent } from './acceptance-events.ts';
import type { AcceptanceRecord } from './acceptance-record.ts';
import { evolveTransmission, type TransmissionProgress } from './transmission-state.ts';

/** The folded trail: its records oldest first, the pending tacit-acceptance deadline, and each event's sending to DIAN. */
export interface AcceptanceState {
  records: AcceptanceRecord[];
  tacitDueAt: string | null;
  /** By event number; only events recorded to be sent to DIAN. */
  transmissions: Readonly<Record<string, TransmissionProgress>>;
}

export const initialAcceptanceState = (): AcceptanceState => ({ records: [], tacitDueAt: null, transmissions: {} });

export const codesOf = (state: AcceptanceState): AcceptanceEventCode[] => state.records.map((record) => record.code);

export function evolveAcceptance(state: AcceptanceState, event: AcceptanceEvent): AcceptanceState {
  switch (event.type) {
    case 'AcceptanceEventRecorded': {
      const { code, name, number, uniqueCode, effectiveAt, actor, claimConcept, transmitTo } = event.data;
      const record: AcceptanceRecord = {
        code,
        name,
        number,
        uniqueCode,
        effectiveAt,
        actor,
        ...(claimConcept && { claimConcept }),
        ...(transmitTo === 'dian' && { dian: { status: 'pending' as const } }),
      };
      // A claim, an acceptance or the tacit acceptance itself settles the deadline.
      const settles = code === '031' || code === '033' || code === '034';
      const transmissions = transmitTo === 'dian' ? { ...state.transmissions, [number]: { attempt: 0, nextAttemptAt: null } } : state.transmissions;
      return { records: [...state.records, record], tacitDueAt: settles ? null : state.tacitDueAt, transmissions };
    }
    case 'TacitAcceptanceScheduled':
      return { ...state, tacitDueAt: event.data.dueAt };
    case 'TacitAcceptanceCancelled':
      return { ...state, tacitDueAt: null };
    default:
      return evolveTransmission(state, event);
  }
}
