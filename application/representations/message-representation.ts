import type { RecordedEvent } from '../ports/event-store.ts';
import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import { MESSAGE_EVENT_TYPES, type MessageEvent } from '../../domain/messages/message-events.ts';
import type { MessageState } from '../../domain/messages/message-state.ts';
import type { MessageRow } from '../messages/message-row.ts';

/** The 202 answer: id and status, with statusDetail when blocked. */
export function acceptedMessage(state: MessageState): Record<string, unknown> {
  return {
    id: state.record!.messageId,
    status: state.status,
    ...(state.statusDetail && { statusDetail: state.statusDetail }),
  };
}

function eventView(recorded: RecordedEvent): Record<string, unknown> | undefined {
  const event = toDomainEvent<MessageEvent>(recorded, MESSAGE_EVENT_TYPES);
  switch (event?.type) {
    case 'MessageQueued':
      return { type: 'queued', at: event.data.at };
    case 'MessageBlocked':
      return { type: 'blocked', at: event.data.at, detail: event.data.statusDetail };
    case 'MessageAttemptStarted':
      return { type: 'attempt_started', at: event.data.at, attempt: event.data.attempt };
    case 'MessageAttemptFailed': {
      const { at, attempt, permanent, error, nextAttemptAt } = event.data;
      return { type: 'attempt_failed', at, attempt, failure: permanent ? 'permanent' : 'temporary', error, nextAttemptAt };
    }
    case 'MessageSent': {
      const { at, attempt, response, rejected } = event.data;
      return { type: 'sent', at, attempt, response, ...(rejected.length > 0 && { rejected }) };
    }
    case 'MessageFailed':
      return { type: 'failed', at: event.data.at, reason: event.data.reason };
  }
}

/** GET /v1/messages/{id}: the current status and the message's events, oldest first. */
export function messageRepresentation(state: MessageState, events: readonly RecordedEvent[]): Record<string, unknown> {
  const record = state.record!;
  return {
    ...acceptedMessage(state),
    channel: record.channel,
    to: record.to,
    template: record.template,
    brand: record.brand,
    subject: record.subject,
    fromName: record.fromName,
    replyTo: record.replyTo,
    attachments: record.attachments,
    ...(record.idempotencyKey && { idempotencyKey: record.idempotencyKey }),
    ...(record.document && { document: { family: record.document.family, id: record.document.documentId, number: record.document.number } }),
    attempts: state.attempts,
    nextAttemptAt: state.status === 'queued' ? state.nextAttemptAt : null,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    events: events.map(eventView),
  };
}

/** A message in the company's list (GET /v1/messages): what the messages read model holds of it. */
export function messageListItem(row: MessageRow): Record<string, unknown> {
  return {
    id: row.id,
    status: row.status,
    to: row.to,
    template: row.template ?? null,
    subject: row.subject,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    statusDetail: row.statusDetail,
  };
}
