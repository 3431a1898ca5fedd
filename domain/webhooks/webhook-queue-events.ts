/**
 * The notification a delivery sends, as its queue keeps it: which event of the log it derives from (or, for a test,
 * its object inline). The application's `WebhookEvent` has exactly this shape.
 */
export interface QueuedNotification {
  id: string;
  type: string;
  tenantId: string;
  environment: string;
  createdAt: string;
  subject: string;
  source?: { eventId: string; streamId: string; revision: string; position: string };
  object?: Record<string, unknown>;
}

/** Why a delivery was queued: the log (`event`), a replay, a retry asked for by the company, or a test. */
export type DeliveryReason = 'event' | 'replay' | 'retry' | 'test';

/** Why a delivery ended without success. */
export type DeliveryFailure = 'attempts_exhausted' | 'gone' | 'endpoint_disabled' | 'endpoint_deleted';

/**
 * What every queue event says about the queue after it: the delivery attempted next (`head`), and when the queue
 * next needs work (`dueAt`: the head's next attempt, or the end of its lease while it is in flight; null when nothing
 * is left). A due-work projection copies it as it stands.
 */
interface QueueAfter {
  endpointId: string;
  deliveryId: string;
  at: string;
  head: string | null;
  dueAt: string | null;
}

export type WebhookQueueEvent =
  | { type: 'WebhookDeliveryQueued'; data: QueueAfter & { reason: DeliveryReason; notification: QueuedNotification } }
  | { type: 'WebhookAttemptStarted'; data: QueueAfter & { attempt: number; leaseUntil: string } }
  | { type: 'WebhookAttemptSucceeded'; data: QueueAfter & { attempt: number; status: number; durationMs: number; excerpt: string } }
  | {
      type: 'WebhookAttemptFailed';
      data: QueueAfter & {
        attempt: number;
        /** The endpoint's answer; null when it could not be reached (then `error` says why). */
        status: number | null;
        durationMs: number | null;
        excerpt: string | null;
        error: string | null;
        /** When the next attempt is due; null when this was the last one. */
        retryAt: string | null;
      };
    }
  | { type: 'WebhookDeliveryFailed'; data: QueueAfter & { failure: DeliveryFailure; detail: string } };

export const WEBHOOK_QUEUE_EVENT_TYPES = [
  'WebhookDeliveryQueued',
  'WebhookAttemptStarted',
  'WebhookAttemptSucceeded',
  'WebhookAttemptFailed',
  'WebhookDeliveryFailed',
] as const satisfies ReadonlyArray<WebhookQueueEvent['type']>;
