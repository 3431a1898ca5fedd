import type { DeliveryReason, QueuedNotification } from './webhook-queue-events.ts';

/** How one POST ended (the transport's answer): the endpoint answered with a status, or could not be reached. */
export type AttemptOutcome =
  | { kind: 'answered'; status: number; durationMs: number; excerpt: string }
  | { kind: 'unreachable'; error: string; durationMs: number };

/** The endpoint as it stands when an attempt is due. */
export type EndpointStanding = 'active' | 'disabled' | 'deleted';

export type WebhookQueueCommand =
  /** Appends deliveries to the queue, in order; one already queued from the log (`event`) is not queued again. */
  | { type: 'QueueDeliveries'; endpointId: string; reason: DeliveryReason; deliveries: Array<{ deliveryId: string; notification: QueuedNotification }>; now: Date }
  /** Starts the head's next attempt if it is due (an endpoint no longer active fails it instead). */
  | { type: 'StartAttempt'; leaseMs: number; endpoint: EndpointStanding; now: Date }
  | { type: 'RecordAttempt'; deliveryId: string; attempt: number; outcome: AttemptOutcome; now: Date };
