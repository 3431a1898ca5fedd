import type { NumberingResolution } from './numbering-resolution.ts';
import type { RangeEvent } from './range-events.ts';
import { remainingIn, type RangeState } from './range-state.ts';

/** Why a resolution cannot number a document. */
export type RangeRefusal = 'retired' | 'not_yet_valid' | 'expired' | 'exhausted';

export type RangeCommand =
  | { type: 'Reserve'; documentId: string; issueDate: string; now: Date }
  | { type: 'Assign'; documentId: string; now: Date }
  | { type: 'Withdraw'; documentId: string; now: Date }
  | { type: 'Release'; documentId: string; reason: string; now: Date };

export type RangeDecision = { events: RangeEvent[] } | { refused: RangeRefusal };

/** Whether a resolution may number a document issued on `issueDate` (YYYY-MM-DD), numbers aside. */
export function usableOn(resolution: NumberingResolution, issueDate: string): RangeRefusal | null {
  if (resolution.retiredAt) return 'retired';
  if (issueDate < resolution.validFrom) return 'not_yet_valid';
  if (issueDate > resolution.validTo) return 'expired';
  return null;
}

/**
 * Reserve: a document accepted for issuance holds one of the numbers left (idempotent by document id).
 * Assign: at validation, the document gets the next consecutive; one reserved before always finds it, one that
 * never reserved (accepted before reservations existed) gets it while numbers are left.
 * Withdraw: a discarded document is never numbered. Release: a rejected or abandoned one gives its reservation back;
 * a document the authority rejected after it was numbered (DIAN direct numbers before sending) gives its number back,
 * and the next assignment takes the lowest number given back before a new one.
 */
export function decideRange(command: RangeCommand, state: RangeState, resolution: NumberingResolution): RangeDecision {
  const { documentId } = command;
  const at = command.now.toISOString();
  const known = state.numbers.has(documentId) || state.withdrawn.has(documentId);
  switch (command.type) {
    case 'Reserve': {
      if (known || state.reserved.has(documentId)) return { events: [] };
      const refusal = usableOn(resolution, command.issueDate);
      if (refusal) return { refused: refusal };
      if (remainingIn(state, resolution.to) <= 0) return { refused: 'exhausted' };
      return { events: [{ type: 'NumberReserved', data: { documentId, at } }] };
    }
    case 'Assign': {
      if (known) return { events: [] };
      if (!state.reserved.has(documentId) && remainingIn(state, resolution.to) <= 0) return { refused: 'exhausted' };
      const consecutive = state.returned[0] ?? state.next;
      return { events: [{ type: 'NumberAssigned', data: { documentId, number: `${resolution.prefix}${consecutive}`, consecutive, at } }] };
    }
    case 'Withdraw':
      return { events: known ? [] : [{ type: 'NumberWithdrawn', data: { documentId, at } }] };
    case 'Release': {
      const number = state.numbers.get(documentId);
      if (number !== undefined && command.reason === 'rejected') {
        const consecutive = Number(number.slice(resolution.prefix.length));
        return { events: [{ type: 'NumberReturned', data: { documentId, number, consecutive, reason: command.reason, at } }] };
      }
      if (!state.reserved.has(documentId)) return { events: [] };
      return { events: [{ type: 'ReservationReleased', data: { documentId, reason: command.reason, at } }] };
    }
  }
}
