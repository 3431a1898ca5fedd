import type { MessageEvent, MessageRecord } from './message-events.ts';
import type { MessageStatus } from './message-status.ts';

export interface MessageState {
  status: MessageStatus | 'none';
  record: MessageRecord | null;
  statusDetail: string | null;
  /** Attempts started so far. */
  attempts: number;
  /** The attempt started and not yet answered, with the time after which it counts as interrupted. */
  inFlight: { attempt: number; leaseUntil: string } | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function initialMessageState(): MessageState {
  return { status: 'none', record: null, statusDetail: null, attempts: 0, inFlight: null, nextAttemptAt: null, createdAt: '', updatedAt: '' };
}

export function evolveMessage(state: MessageState, event: MessageEvent): MessageState {
  const updatedAt = event.data.at;
  switch (event.type) {
    case 'MessageQueued': {
      const { at, ...record } = event.data;
      return { ...initialMessageState(), status: 'queued', record, createdAt: at, updatedAt };
    }
    case 'MessageBlocked': {
      const { at, statusDetail, ...record } = event.data;
      return { ...initialMessageState(), status: 'blocked', record, statusDetail, createdAt: at, updatedAt };
    }
    case 'MessageAttemptStarted':
      return { ...state, attempts: event.data.attempt, inFlight: { attempt: event.data.attempt, leaseUntil: event.data.leaseUntil }, updatedAt };
    case 'MessageAttemptFailed':
      return { ...state, inFlight: null, nextAttemptAt: event.data.nextAttemptAt, updatedAt };
    case 'MessageSent':
      return { ...state, status: 'sent', inFlight: null, nextAttemptAt: null, updatedAt };
    case 'MessageFailed':
      return { ...state, status: 'failed', statusDetail: event.data.reason, inFlight: null, nextAttemptAt: null, updatedAt };
  }
}
