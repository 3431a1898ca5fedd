import type { AcceptanceEventCode } from './acceptance-codes.ts';
import type { AcceptanceEvent } from './acceptance-events.ts';
import type { AcceptanceRecord } from './acceptance-record.ts';

/** The folded trail: its records oldest first and the pending tacit-acceptance deadline, if any. */
export interface AcceptanceState {
  records: AcceptanceRecord[];
  tacitDueAt: string | null;
}

export const initialAcceptanceState = (): AcceptanceState => ({ records: [], tacitDueAt: null });

export const codesOf = (state: AcceptanceState): AcceptanceEventCode[] => state.records.map((record) => record.code);

export function evolveAcceptance(state: AcceptanceState, event: AcceptanceEvent): AcceptanceState {
  switch (event.type) {
    case 'AcceptanceEventRecorded': {
      const { code, name, number, uniqueCode, effectiveAt, actor, claimConcept } = event.data;
      const record: AcceptanceRecord = { code, name, number, uniqueCode, effectiveAt, actor, ...(claimConcept && { claimConcept }) };
      // A claim, an acceptance or the tacit acceptance itself settles the deadline.
      const settles = code === '031' || code === '033' || code === '034';
      return { records: [...state.records, record], tacitDueAt: settles ? null : state.tacitDueAt };
    }
    case 'TacitAcceptanceScheduled':
      return { ...state, tacitDueAt: event.data.dueAt };
    case 'TacitAcceptanceCancelled':
      return { ...state, tacitDueAt: null };
  }
}
