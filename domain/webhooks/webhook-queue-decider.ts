import type { Decider } from '../shared/decider.ts';
import type { AttemptOutcome, WebhookQueueCommand } from './webhook-queue-commands.ts';
import type { DeliveryFailure, WebhookQueueEvent } from './webhook-queue-events.ts';
import { evolveWebhookQueue, headOf, initialWebhookQueueState, queueDueAt, type QueuedDelivery, type WebhookQueueState } from './webhook-queue-state.ts';
import { MAX_WEBHOOK_ATTEMPTS, webhookRetryAt } from './webhook-retry-schedule.ts';

/** Responses longer than this are cut: the log keeps an excerpt. */
export const EXCERPT_LIMIT = 1_024;

const UNSTAMPED = { head: null, dueAt: null };

/** Each event carries the queue's head and due time as they stand after it. */
function stamp(state: WebhookQueueState, events: WebhookQueueEvent[]): WebhookQueueEvent[] {
  let after = state;
  for (const event of events) {
    after = evolveWebhookQueue(after, event);
    event.data.head = headOf(after)?.deliveryId ?? null;
    event.data.dueAt = queueDueAt(after);
  }
  return events;
}

function failAttempt(endpointId: string, delivery: QueuedDelivery, attempt: number, outcome: AttemptOutcome | { kind: 'interrupted' }, now: Date): WebhookQueueEvent[] {
  const at = now.toISOString();
  const gone = outcome.kind === 'answered' && outcome.status === 410;
  const retryAt = gone ? null : webhookRetryAt(attempt, now);
  const answered = outcome.kind === 'answered';
  const error =
    outcome.kind === 'interrupted' ? 'interrupted: no outcome was recorded before the attempt lease expired' : outcome.kind === 'unreachable' ? outcome.error : null;
  const events: WebhookQueueEvent[] = [
    {
      type: 'WebhookAttemptFailed',
      data: {
        endpointId,
        deliveryId: delivery.deliveryId,
        attempt,
        status: answered ? outcome.status : null,
        durationMs: outcome.kind === 'interrupted' ? null : outcome.durationMs,
        excerpt: answered ? outcome.excerpt.slice(0, EXCERPT_LIMIT) : null,
        error,
        retryAt: retryAt?.toISOString() ?? null,
        at,
        ...UNSTAMPED,
      },
    },
  ];
  if (!retryAt) {
    const failure: DeliveryFailure = gone ? 'gone' : 'attempts_exhausted';
    const detail = gone ? 'the endpoint answered 410 Gone' : `all ${MAX_WEBHOOK_ATTEMPTS} attempts failed`;
    events.push({ type: 'WebhookDeliveryFailed', data: { endpointId, deliveryId: delivery.deliveryId, failure, detail, at, ...UNSTAMPED } });
  }
  return events;
}

function decide(command: WebhookQueueCommand, state: WebhookQueueState): WebhookQueueEvent[] {
  const at = command.now.toISOString();
  const endpointId = state.endpointId ?? '';
  switch (command.type) {
    case 'QueueDeliveries': {
      const queued = new Set(state.deliveries.filter((delivery) => delivery.reason === 'event').map((delivery) => delivery.notification.id));
      const events: WebhookQueueEvent[] = [];
      for (const { deliveryId, notification } of command.deliveries) {
        // The dispatcher handles an event of the log again after a crash: what it queued then stands.
        if (command.reason === 'event' && queued.has(notification.id)) continue;
        if (command.reason === 'event') queued.add(notification.id);
        events.push({ type: 'WebhookDeliveryQueued', data: { endpointId: command.endpointId, deliveryId, reason: command.reason, notification, at, ...UNSTAMPED } });
      }
      return stamp(state, events);
    }
    case 'StartAttempt': {
      const head = headOf(state);
      if (!head) return [];
      if (head.inFlight) {
        if (command.now < new Date(head.inFlight.leaseUntil)) return [];
        // The worker that started it stopped before recording an outcome: a failed attempt, retried on schedule.
        return stamp(state, failAttempt(endpointId, head, head.inFlight.attempt, { kind: 'interrupted' }, command.now));
      }
      if (head.nextAttemptAt && command.now < new Date(head.nextAttemptAt)) return [];
      if (command.endpoint !== 'active') {
        const failure: DeliveryFailure = command.endpoint === 'deleted' ? 'endpoint_deleted' : 'endpoint_disabled';
        const detail = `not sent: the endpoint is ${command.endpoint}`;
        return stamp(state, [{ type: 'WebhookDeliveryFailed', data: { endpointId, deliveryId: head.deliveryId, failure, detail, at, ...UNSTAMPED } }]);
      }
      const leaseUntil = new Date(command.now.getTime() + command.leaseMs).toISOString();
      return stamp(state, [{ type: 'WebhookAttemptStarted', data: { endpointId, deliveryId: head.deliveryId, attempt: head.attempts + 1, leaseUntil, at, ...UNSTAMPED } }]);
    }
    case 'RecordAttempt': {
      const delivery = state.deliveries.find((candidate) => candidate.deliveryId === command.deliveryId);
      if (!delivery || delivery.status !== 'pending') return [];
      const { outcome, attempt } = command;
      // A late success still lands: the endpoint has the event, whatever the schedule thought meanwhile.
      if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300) {
        const { status, durationMs } = outcome;
        const excerpt = outcome.excerpt.slice(0, EXCERPT_LIMIT);
        return stamp(state, [{ type: 'WebhookAttemptSucceeded', data: { endpointId, deliveryId: delivery.deliveryId, attempt, status, durationMs, excerpt, at, ...UNSTAMPED } }]);
      }
      if (delivery.inFlight?.attempt !== attempt) return [];
      return stamp(state, failAttempt(endpointId, delivery, attempt, outcome, command.now));
    }
  }
}

/**
 * The delivery queue of one endpoint and one subject: deliveries in order, only the head attempted (intent with a
 * lease, then outcome), retried on schedule, final on success, on 410, or after the last attempt.
 */
export const webhookQueueDecider: Decider<WebhookQueueCommand, WebhookQueueEvent, WebhookQueueState> = {
  decide,
  evolve: evolveWebhookQueue,
  initialState: initialWebhookQueueState,
};
