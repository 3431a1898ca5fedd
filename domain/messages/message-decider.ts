import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { MessageCommand } from './message-commands.ts';
import type { MessageEvent } from './message-events.ts';
import { evolveMessage, initialMessageState, type MessageState } from './message-state.ts';
import { MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule.ts';

function decide(command: MessageCommand, state: MessageState): MessageEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'AcceptMessage': {
      if (state.status !== 'none') throw new DomainError('already_exists', `message ${state.record?.messageId} already exists`);
      if (command.blockedReason !== null) return [{ type: 'MessageBlocked', data: { ...command.record, statusDetail: command.blockedReason, at } }];
      return [{ type: 'MessageQueued', data: { ...command.record, at } }];
    }
    case 'StartAttempt': {
      if (state.status !== 'queued') return [];
      if (state.inFlight) {
        if (command.now < new Date(state.inFlight.leaseUntil)) return [];
        // The worker that started it stopped before recording an outcome: count it as a temporary failure.
        return failAttempt(state, state.inFlight.attempt, false, 'interrupted: no outcome was recorded before the attempt lease expired', command.now);
      }
      if (state.nextAttemptAt && command.now < new Date(state.nextAttemptAt)) return [];
      const leaseUntil = new Date(command.now.getTime() + command.leaseMs).toISOString();
      return [{ type: 'MessageAttemptStarted', data: { messageId: id(state), attempt: state.attempts + 1, leaseUntil, at } }];
    }
    case 'RecordDelivery': {
      if (state.status !== 'queued') return [];
      const { outcome, attempt } = command;
      // A late success still lands: the e-mail went out, whatever the schedule thought meanwhile.
      if (outcome.kind === 'sent') {
        return [{ type: 'MessageSent', data: { messageId: id(state), attempt, response: outcome.response, rejected: outcome.rejected, at } }];
      }
      if (state.inFlight?.attempt !== attempt) return [];
      return failAttempt(state, attempt, outcome.kind === 'permanent', outcome.error, command.now);
    }
  }
}

function failAttempt(state: MessageState, attempt: number, permanent: boolean, error: string, now: Date): MessageEvent[] {
  const next = permanent ? null : nextAttemptAt(attempt, now);
  const at = now.toISOString();
  const messageId = id(state);
  const events: MessageEvent[] = [
    { type: 'MessageAttemptFailed', data: { messageId, attempt, permanent, error, nextAttemptAt: next?.toISOString() ?? null, at } },
  ];
  if (!next) {
    const reason = permanent ? `permanent failure: ${error}` : `temporary failure on all ${MAX_ATTEMPTS} attempts; the last: ${error}`;
    events.push({ type: 'MessageFailed', data: { messageId, reason, at } });
  }
  return events;
}

const id = (state: MessageState) => state.record?.messageId ?? '';

export const messageDecider: Decider<MessageCommand, MessageEvent, MessageState> = {
  decide,
  evolve: evolveMessage,
  initialState: initialMessageState,
};
