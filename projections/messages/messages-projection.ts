import type { MessageRow } from '../../application/messages/message-row.ts';
import { toDomainEvent } from '../../application/event-sourcing/domain-event.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import { MESSAGE_EVENT_TYPES, type MessageEvent } from '../../domain/messages/message-events.ts';

function evolveRow(row: MessageRow | null, event: MessageEvent): MessageRow | null {
  const { type, data } = event;
  if (type === 'MessageQueued' || type === 'MessageBlocked') {
    return {
      id: data.messageId,
      to: data.to,
      template: data.template,
      status: type === 'MessageQueued' ? 'queued' : 'blocked',
      statusDetail: type === 'MessageBlocked' ? data.statusDetail : null,
      documentId: data.document?.documentId ?? null,
      subject: data.subject,
      attempts: 0,
      createdAt: data.at,
      updatedAt: data.at,
    };
  }
  if (!row) return null;
  switch (type) {
    case 'MessageAttemptStarted':
      return { ...row, attempts: data.attempt, updatedAt: data.at };
    case 'MessageAttemptFailed':
      return { ...row, updatedAt: data.at };
    case 'MessageSent':
      return { ...row, status: 'sent', updatedAt: data.at };
    case 'MessageFailed':
      return { ...row, status: 'failed', statusDetail: data.reason, updatedAt: data.at };
  }
}

/** Keeps the messages read model (status per message; a document's e-mails), upserted under the stream revision. */
export class MessagesProjection implements EventHandler {
  readonly name = 'messages';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: MESSAGE_EVENT_TYPES };

  constructor(private readonly rows: ReadModelCollection<MessageRow>) {}

  async handle(event: RecordedEvent): Promise<void> {
    const { tenantId, environment } = event.metadata;
    if (!tenantId || !environment) throw new Error(`event ${event.id} has no tenant or environment in its metadata`);
    const key = { tenantId, environment, id: String(event.data.messageId) };
    const typed = toDomainEvent<MessageEvent>(event, MESSAGE_EVENT_TYPES);
    const previous = typed?.type === 'MessageQueued' || typed?.type === 'MessageBlocked' ? null : await this.rows.get(key);
    const row = typed && evolveRow(previous, typed);
    if (!row) throw new Error(`message ${key.id} has no row yet; ${event.type} arrived before its creation`);
    await this.rows.upsert(key, event.revision, row);
  }
}
