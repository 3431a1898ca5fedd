import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';

/** What a request answered, kept so that the same request with the same Idempotency-Key gets it again. */
export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface IdempotencyRecordState {
  status: 'none' | 'started' | 'completed' | 'released';
  /** Hash of method, path and body: what "the same request" means. */
  fingerprint: string;
  /** The request currently executing (its request id) and until when it may hold the key. */
  holder: string;
  leaseUntil: string;
  answer: StoredAnswer | null;
}

type IdempotencyRecordEvent =
  | { type: 'IntegrationRequestStarted'; data: { fingerprint: string; method: string; path: string; holder: string; leaseUntil: string; at: string } }
  | { type: 'IntegrationRequestCompleted'; data: { holder: string; answer: StoredAnswer; at: string } }
  | { type: 'IntegrationRequestReleased'; data: { holder: string; at: string } };

export type IdempotencyRecordCommand =
  | { type: 'StartRequest'; fingerprint: string; method: string; path: string; holder: string; leaseMs: number; now: Date }
  | { type: 'CompleteRequest'; holder: string; answer: StoredAnswer; now: Date }
  | { type: 'ReleaseRequest'; holder: string; now: Date };

function start(command: Extract<IdempotencyRecordCommand, { type: 'StartRequest' }>, state: IdempotencyRecordState): IdempotencyRecordEvent[] {
  if (state.status !== 'none' && state.fingerprint !== command.fingerprint) {
    throw new DomainError('idempotency_conflict', 'the Idempotency-Key was already used with a different request');
  }
  if (state.status === 'completed') throw new DomainError('already_completed', 'the request already has an answer');
  // A holder that outlived its lease is presumed dead; the request is safe to run again because every operation is
  // idempotent on its own aggregate.
  if (state.status === 'started' && command.now.toISOString() < state.leaseUntil) {
    throw new DomainError('in_progress', 'a request with this Idempotency-Key is still running');
  }
  const { fingerprint, method, path, holder, now } = command;
  const leaseUntil = new Date(now.getTime() + command.leaseMs).toISOString();
  return [{ type: 'IntegrationRequestStarted', data: { fingerprint, method, path, holder, leaseUntil, at: now.toISOString() } }];
}

/** One Idempotency-Key of one tenant and environment: who runs the request, and the answer once it has one. */
export const idempotencyRecordDecider: Decider<IdempotencyRecordCommand, IdempotencyRecordEvent, IdempotencyRecordState> = {
  initialState: () => ({ status: 'none', fingerprint: '', holder: '', leaseUntil: '', answer: null }),
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'StartRequest':
        return start(command, state);
      case 'CompleteRequest':
        if (state.status !== 'started' || state.holder !== command.holder) throw new DomainError('not_holder', 'another request holds this key');
        return [{ type: 'IntegrationRequestCompleted', data: { holder: command.holder, answer: command.answer, at } }];
      case 'ReleaseRequest':
        if (state.status !== 'started' || state.holder !== command.holder) return [];
        return [{ type: 'IntegrationRequestReleased', data: { holder: command.holder, at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'IntegrationRequestStarted': {
        const { fingerprint, holder, leaseUntil } = event.data;
        return { ...state, status: 'started', fingerprint, holder, leaseUntil };
      }
      case 'IntegrationRequestCompleted':
        return { ...state, status: 'completed', answer: event.data.answer };
      case 'IntegrationRequestReleased':
        return { ...state, status: 'released', holder: '', leaseUntil: '' };
    }
  },
};
