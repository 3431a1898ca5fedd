import { toDomainEvent } from '../../application/event-sourcing/domain-event.ts';
import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection, RowKey } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import { deliverySequence, type WebhookAttemptRow, type WebhookDeliveryRow } from '../../application/webhooks/webhook-delivery-row.ts';
import { WEBHOOK_QUEUE_EVENT_TYPES, type WebhookQueueEvent } from '../../domain/webhooks/webhook-queue-events.ts';

function withAttempt(row: WebhookDeliveryRow, attempt: number, change: Partial<WebhookAttemptRow>): WebhookAttemptRow[] {
  return row.attempts.map((entry) => (entry.attempt === attempt ? { ...entry, ...change } : entry));
}

/** The delivery's row after the event (the event names the delivery it is about). */
function evolveRow(row: WebhookDeliveryRow | null, event: WebhookQueueEvent, queueStreamId: string): WebhookDeliveryRow | null {
  const { data } = event;
  if (event.type === 'WebhookDeliveryQueued') {
    const { notification } = event.data;
    return {
      id: data.deliveryId,
      endpointId: data.endpointId,
      queueStreamId,
      event: { id: notification.id, type: notification.type, createdAt: notification.createdAt },
      reason: event.data.reason,
      status: 'pending',
      failure: null,
      attempts: [],
      nextAttemptAt: data.head === data.deliveryId ? data.dueAt : null,
      createdAt: data.at,
      updatedAt: data.at,
      sequence: deliverySequence(data.at, data.deliveryId),
    };
  }
  if (!row) return null;
  const updatedAt = data.at;
  switch (event.type) {
    case 'WebhookAttemptStarted': {
      const attempt: WebhookAttemptRow = { attempt: event.data.attempt, at: data.at, status: null, durationMs: null, excerpt: null, error: null };
      return { ...row, attempts: [...row.attempts, attempt], nextAttemptAt: null, updatedAt };
    }
    case 'WebhookAttemptSucceeded': {
      const { attempt, status, durationMs, excerpt } = event.data;
      return { ...row, status: 'succeeded', attempts: withAttempt(row, attempt, { status, durationMs, excerpt }), nextAttemptAt: null, updatedAt };
    }
    case 'WebhookAttemptFailed': {
      const { attempt, status, durationMs, excerpt, error, retryAt } = event.data;
      return { ...row, attempts: withAttempt(row, attempt, { status, durationMs, excerpt, error }), nextAttemptAt: retryAt, updatedAt };
    }
    case 'WebhookDeliveryFailed':
      return { ...row, status: 'failed', failure: { code: event.data.failure, detail: event.data.detail }, nextAttemptAt: null, updatedAt };
  }
}

/**
 * The delivery log: one row per delivery with its attempts. When a delivery ends, the one that becomes the head of its
 * queue shows when it goes next. Upserts are guarded by the queue's revision: replaying is harmless.
 */
export class WebhookDeliveriesProjection implements EventHandler {
  readonly name = 'webhook-deliveries';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypes: WEBHOOK_QUEUE_EVENT_TYPES };

  constructor(private readonly rows: ReadModelCollection<WebhookDeliveryRow>) {}

  async handle(recorded: RecordedEvent): Promise<void> {
    const { tenantId, environment } = recorded.metadata;
    if (!tenantId || !environment) throw new Error(`event ${recorded.id} has no tenant or environment in its metadata`);
    const event = toDomainEvent<WebhookQueueEvent>(recorded, WEBHOOK_QUEUE_EVENT_TYPES);
    if (!event) return;
    const key: RowKey = { tenantId, environment, id: event.data.deliveryId };
    const previous = event.type === 'WebhookDeliveryQueued' ? null : await this.rows.get(key);
    const row = evolveRow(previous, event, recorded.streamId);
    if (!row) throw new Error(`webhook delivery ${key.id} has no row yet; ${recorded.type} arrived before it was queued`);
    await this.rows.upsert(key, recorded.revision, row);

    const { head, dueAt } = event.data;
    if (event.type !== 'WebhookDeliveryQueued' && head !== null && head !== key.id) {
      const headKey = { ...key, id: head };
      const waiting = await this.rows.get(headKey);
      if (waiting && waiting.attempts.length === 0) await this.rows.upsert(headKey, recorded.revision, { ...waiting, nextAttemptAt: dueAt, updatedAt: event.data.at });
    }
  }
}
