import type { DeliveryFailure, DeliveryReason, QueuedNotification, WebhookQueueEvent } from './webhook-queue-events.ts';

export interface QueuedDelivery {
  deliveryId: string;
  reason: DeliveryReason;
  notification: QueuedNotification;
  status: 'pending' | 'succeeded' | 'failed';
  failure: DeliveryFailure | null;
  /** Attempts started so far. */
  attempts: number;
  /** The attempt started and not yet answered, with the time after which it counts as interrupted. */
  inFlight: { attempt: number; leaseUntil: string } | null;
  /** When its next attempt may start (pending only); once it is the head, a time in the past means now. */
  nextAttemptAt: string | null;
  queuedAt: string;
}

/** One endpoint's deliveries of one subject (document or message), in the order they were queued. */
export interface WebhookQueueState {
  endpointId: string | null;
  deliveries: QueuedDelivery[];
}

export function initialWebhookQueueState(): WebhookQueueState {
  return { endpointId: null, deliveries: [] };
}

/** The delivery attempted next: the first one not final. The ones after it wait. */
export function headOf(state: WebhookQueueState): QueuedDelivery | undefined {
  return state.deliveries.find((delivery) => delivery.status === 'pending');
}

/** When the queue next needs work: the head's next attempt, or the end of its lease while in flight. */
export function queueDueAt(state: WebhookQueueState): string | null {
  const head = headOf(state);
  if (!head) return null;
  return head.inFlight ? head.inFlight.leaseUntil : head.nextAttemptAt;
}

/** Whether the head's next step (an attempt, or recording an interrupted one) is due at `now`. */
export function isDue(state: WebhookQueueState, now: Date): boolean {
  const dueAt = queueDueAt(state);
  return dueAt !== null && new Date(dueAt) <= now;
}

function update(state: WebhookQueueState, deliveryId: string, change: (delivery: QueuedDelivery) => Partial<QueuedDelivery>): WebhookQueueState {
  return { ...state, deliveries: state.deliveries.map((delivery) => (delivery.deliveryId === deliveryId ? { ...delivery, ...change(delivery) } : delivery)) };
}

export function evolveWebhookQueue(state: WebhookQueueState, event: WebhookQueueEvent): WebhookQueueState {
  const { deliveryId } = event.data;
  switch (event.type) {
    case 'WebhookDeliveryQueued': {
      const { reason, notification, at } = event.data;
      const delivery: QueuedDelivery = { deliveryId, reason, notification, status: 'pending', failure: null, attempts: 0, inFlight: null, nextAttemptAt: at, queuedAt: at };
      return { endpointId: event.data.endpointId, deliveries: [...state.deliveries, delivery] };
    }
    case 'WebhookAttemptStarted':
      return update(state, deliveryId, () => ({ attempts: event.data.attempt, inFlight: { attempt: event.data.attempt, leaseUntil: event.data.leaseUntil } }));
    case 'WebhookAttemptSucceeded':
      return update(state, deliveryId, () => ({ status: 'succeeded', inFlight: null, nextAttemptAt: null }));
    case 'WebhookAttemptFailed':
      return update(state, deliveryId, () => ({ inFlight: null, nextAttemptAt: event.data.retryAt }));
    case 'WebhookDeliveryFailed':
      return update(state, deliveryId, () => ({ status: 'failed', failure: event.data.failure, inFlight: null, nextAttemptAt: null }));
  }
}
