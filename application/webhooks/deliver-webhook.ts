import type { Logger } from 'pino';
import type { AttemptOutcome, EndpointStanding } from '../../domain/webhooks/webhook-queue-commands.ts';
import { webhookQueueDecider } from '../../domain/webhooks/webhook-queue-decider.ts';
import type { WebhookQueueEvent } from '../../domain/webhooks/webhook-queue-events.ts';
import { headOf, isDue, type QueuedDelivery, type WebhookQueueState } from '../../domain/webhooks/webhook-queue-state.ts';
import type { AggregateStore, Loaded } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { WebhookTransport } from '../ports/webhook-transport.ts';
import type { WebhookEndpointDirectory } from './webhook-endpoint.ts';
import type { WebhookEvent } from './webhook-event.ts';
import type { WebhookObjects } from './webhook-objects.ts';
import { webhookBody, webhookHeaders } from './webhook-request.ts';

/** How long an attempt may go unanswered before it counts as interrupted (well above the POST timeout). */
export const WEBHOOK_ATTEMPT_LEASE_MS = 30_000;
/** A 2xx within this is success. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

type AttemptStarted = Extract<WebhookQueueEvent, { type: 'WebhookAttemptStarted' }>;

/**
 * Runs the due work of one queue: records the intent of the head's next attempt (guarded by the stream revision, so
 * racing instances send once), POSTs it signed, records the outcome, and tells the directory. After a success (or a
 * delivery failed for good) the next delivery of the queue goes in the same call.
 */
export class DeliverWebhook {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly directory: WebhookEndpointDirectory,
    private readonly objects: WebhookObjects,
    private readonly transport: WebhookTransport,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly timeoutMs = WEBHOOK_TIMEOUT_MS,
  ) {}

  /**
   * Works until nothing in the queue is due now (or another instance holds its head); answers how many POSTs it made.
   * Every step appends to the queue, so the loop ends: a delivery is final after at most 8 attempts.
   */
  async attempt(queueStreamId: string, actor = 'system:webhook-delivery'): Promise<number> {
    let sent = 0;
    for (;;) {
      const loaded = await this.aggregates.load(queueStreamId, webhookQueueDecider);
      const now = this.clock.now();
      const head = headOf(loaded.state);
      if (!head || !isDue(loaded.state, now)) return sent;
      const { tenantId, environment } = head.notification;
      const endpointId = loaded.state.endpointId!;
      const context = contextOf(loaded, head, actor);
      // An attempt whose lease ran out is recorded as interrupted whatever the endpoint is now.
      const endpoint = head.inFlight ? undefined : await this.directory.find(tenantId, environment, endpointId);
      const standing: EndpointStanding = head.inFlight ? 'active' : !endpoint ? 'deleted' : endpoint.disabled ? 'disabled' : 'active';
      const started = await this.aggregates.handle(queueStreamId, webhookQueueDecider, { type: 'StartAttempt', leaseMs: WEBHOOK_ATTEMPT_LEASE_MS, endpoint: standing, now }, context, loaded);
      if (started.events.length === 0) return sent;
      const start = started.events.find((event): event is AttemptStarted => event.type === 'WebhookAttemptStarted');
      // Otherwise the head failed without an attempt (interrupted, or its endpoint is gone): go on with the queue.
      if (!start || !endpoint) continue;

      const { outcome, endpointsFault } = await this.post(endpoint.url, head.notification as WebhookEvent, endpointId, now);
      sent += 1;
      const { attempt } = start.data;
      await this.aggregates.handle(queueStreamId, webhookQueueDecider, { type: 'RecordAttempt', deliveryId: head.deliveryId, attempt, outcome, now: this.clock.now() }, context);
      if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300) await this.directory.recordSuccess(tenantId, environment, endpointId, this.clock.now());
      else if (endpointsFault) {
        const gone = outcome.kind === 'answered' && outcome.status === 410;
        this.logger.warn({ endpointId, deliveryId: head.deliveryId, attempt, outcome: describe(outcome) }, 'webhook attempt failed');
        await this.directory.recordFailure(tenantId, environment, endpointId, this.clock.now(), gone);
      }
    }
  }

  /** One POST; `endpointsFault` is false when a failure was ours (the payload could not be built), not the endpoint's. */
  private async post(url: string, event: WebhookEvent, endpointId: string, at: Date): Promise<{ outcome: AttemptOutcome; endpointsFault: boolean }> {
    let body: string;
    let headers: Record<string, string>;
    try {
      body = webhookBody(event, event.object ? { object: event.object } : await this.objects.dataOf(event));
      const secrets = await this.directory.signingSecrets(event.tenantId, event.environment, endpointId, at);
      if (secrets.length === 0) throw new Error('the endpoint has no signing secret');
      headers = webhookHeaders(event, body, secrets, at);
    } catch (error) {
      this.logger.error({ err: error, endpointId, eventId: event.id }, 'webhook payload could not be built');
      return { outcome: { kind: 'unreachable', error: `not sent: ${errorText(error)}`, durationMs: 0 }, endpointsFault: false };
    }
    try {
      return { outcome: await this.transport.post({ url, headers, body, timeoutMs: this.timeoutMs }), endpointsFault: true };
    } catch (error) {
      return { outcome: { kind: 'unreachable', error: errorText(error), durationMs: 0 }, endpointsFault: true };
    }
  }
}

function contextOf(loaded: Loaded<WebhookQueueState>, head: QueuedDelivery, actor: string): RequestContext {
  const queued = loaded.events.find((event) => event.data.deliveryId === head.deliveryId) ?? loaded.events[0];
  return {
    tenantId: head.notification.tenantId,
    environment: head.notification.environment,
    actor,
    correlationId: String(queued.metadata.$correlationId ?? queued.id),
    causationId: loaded.events[loaded.events.length - 1].id,
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const describe = (outcome: AttemptOutcome) => (outcome.kind === 'answered' ? `HTTP ${outcome.status}` : outcome.error);
