import type { RangeEvent } from './range-events.ts';

/**
 * The use of one resolution's numbers: assigned numbers are consecutive from `from` (gap-free), and every document
 * accepted for issuance but not yet validated holds a reservation, so assigned + reserved never exceeds the range.
 */
export interface RangeState {
  /** The consecutive after the highest one ever assigned; `from` while none was. */
  next: number;
  /** Consecutives below `next` given back after a rejection, ascending: assigned again before `next`. */
  returned: number[];
  numbers: Map<string, string>;
  /** Document id → when its reservation was made. */
  reserved: Map<string, string>;
  /** Documents withdrawn before they were numbered: they never will be. */
  withdrawn: Set<string>;
}

export function initialRangeState(from: number): RangeState {
  return { next: from, returned: [], numbers: new Map(), reserved: new Map(), withdrawn: new Set() };
}

/** Folds one event into the state, in place: a range stream holds an event or two per document, and is folded often. */
export function applyRangeEvent(state: RangeState, event: RangeEvent): RangeState {
  const { documentId } = event.data;
  switch (event.type) {
    case 'NumberReserved':
      state.reserved.set(documentId, event.data.at);
      break;
    case 'NumberAssigned':
    case 'SandboxNumberAssigned': {
      const consecutive = Number(event.data.consecutive);
      state.numbers.set(documentId, event.data.number);
      state.reserved.delete(documentId);
      state.returned = state.returned.filter((free) => free !== consecutive);
      state.next = Math.max(state.next, consecutive + 1);
      break;
    }
    case 'NumberReturned':
      state.numbers.delete(documentId);
      state.returned = [...state.returned, Number(event.data.consecutive)].sort((a, b) => a - b);
      break;
    case 'ReservationReleased':
      state.reserved.delete(documentId);
      break;
    case 'NumberWithdrawn':
    case 'SandboxDocumentWithdrawn':
      state.withdrawn.add(documentId);
      state.reserved.delete(documentId);
      break;
  }
  return state;
}

/** Numbers neither assigned nor reserved. */
export function remainingIn(state: RangeState, to: number): number {
  return Math.max(0, to - state.next + 1 + state.returned.length - state.reserved.size);
}
