import type { WebhookDeliveryRow } from '../../application/webhooks/webhook-delivery-row.ts';
import type { QueuedWebhook } from '../../application/webhooks/webhook-queues.ts';

/** A delivery as the log shows it (GET /v1/webhook-endpoints/{id}/deliveries). */
export function deliveryRepresentation(row: WebhookDeliveryRow): Record<string, unknown> {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event: { id: row.event.id, type: row.event.type, created_at: row.event.createdAt },
    status: row.status,
    reason: row.reason,
    failure: row.failure,
    attempts: row.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at,
      status: attempt.status,
      duration_ms: attempt.durationMs,
      response_excerpt: attempt.excerpt,
      error: attempt.error,
    })),
    next_attempt_at: row.nextAttemptAt,
    created_at: row.createdAt,
  };
}

/** What a 202 of retry and test answers: the delivery just queued. */
export function queuedRepresentation(queued: QueuedWebhook, reason: string): Record<string, unknown> {
  const { event } = queued;
  return {
    id: queued.deliveryId,
    endpoint_id: queued.endpointId,
    event: { id: event.id, type: event.type, created_at: event.createdAt },
    status: 'pending',
    reason,
    failure: null,
    attempts: [],
    next_attempt_at: null,
    created_at: queued.queuedAt,
  };
}
