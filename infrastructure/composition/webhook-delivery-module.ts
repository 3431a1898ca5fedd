import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { CollectionSpec, ReadModelStore } from '../../application/ports/read-model-store.ts';
import type { WebhookTransport } from '../../application/ports/webhook-transport.ts';
import { liveProjection } from '../../application/rebuilds/live-projection.ts';
import type { ProjectionVersions } from '../../application/rebuilds/projection-versions.ts';
import { VersionedCollection } from '../../application/rebuilds/versioned-collection.ts';
import { SubscriptionRunner } from '../../application/subscriptions/subscription-runner.ts';
import { DeliverWebhook } from '../../application/webhooks/deliver-webhook.ts';
import { DEFAULT_POOL_LIMITS, DeliveryPool, type DeliveryPoolLimits } from '../../application/webhooks/delivery-pool.ts';
import { ListWebhookDeliveries } from '../../application/webhooks/list-webhook-deliveries.ts';
import { ReplayWebhookEvents } from '../../application/webhooks/replay-webhook-events.ts';
import { RetryWebhookDelivery } from '../../application/webhooks/retry-webhook-delivery.ts';
import { SendTestWebhook } from '../../application/webhooks/send-test-webhook.ts';
import { WEBHOOK_DELIVERIES_COLLECTION } from '../../application/webhooks/webhook-delivery-row.ts';
import { WEBHOOK_SCHEDULE_COLLECTION } from '../../application/webhooks/webhook-delivery-schedule.ts';
import { WebhookDeliveryScheduler } from '../../application/webhooks/webhook-delivery-scheduler.ts';
import { WebhookDispatcher } from '../../application/webhooks/webhook-dispatcher.ts';
import type { WebhookEndpointDirectory } from '../../application/webhooks/webhook-endpoint.ts';
import { WEBHOOK_EVENTS_COLLECTION } from '../../application/webhooks/webhook-event-row.ts';
import type { WebhookObjects } from '../../application/webhooks/webhook-objects.ts';
import { WebhookQueues } from '../../application/webhooks/webhook-queues.ts';
import { webhookDeliveriesProjection } from '../../projections/webhooks/webhook-deliveries-projection-definition.ts';
import { webhookEventsProjection } from '../../projections/webhooks/webhook-events-projection-definition.ts';
import { webhookScheduleProjection } from '../../projections/webhooks/webhook-schedule-projection-definition.ts';
import { MeteredWebhookTransport } from '../metrics/metered-webhook-transport.ts';
import { HttpWebhookTransport } from '../webhooks/http-webhook-transport.ts';

export interface WebhookDeliveryDependencies {
  logger: Logger;
  eventStore: EventStore;
  readModels: ReadModelStore;
  versions: ProjectionVersions;
  aggregates: AggregateStore;
  clock: Clock;
  ids: IdGenerator;
  /** The companies' endpoints (helper A's registry). */
  directory: WebhookEndpointDirectory;
  /** The objects notifications carry (helper C's log reader). */
  objects: WebhookObjects;
  /** WEBHOOKS_ALLOW_PRIVATE: lets the HTTP transport call loopback and private addresses. */
  allowPrivate: boolean;
  /** Replaces the HTTP transport (tests). */
  transport?: WebhookTransport;
  poolLimits?: DeliveryPoolLimits;
  schedulerIntervalMs?: number;
  /** Counts attempts by outcome (`webhook_deliveries_total`). */
  metrics?: Registry;
}

/** Webhook delivery wired: the dispatcher, the delivery pool and scheduler, the log and replay, their projections. */
export class WebhookDeliveryModule {
  readonly directory: WebhookEndpointDirectory;
  readonly transport: WebhookTransport;
  readonly queues: WebhookQueues;
  readonly deliver: DeliverWebhook;
  readonly pool: DeliveryPool;
  readonly scheduler: WebhookDeliveryScheduler;
  readonly listDeliveries: ListWebhookDeliveries;
  readonly retryDelivery: RetryWebhookDelivery;
  readonly replayEvents: ReplayWebhookEvents;
  readonly sendTest: SendTestWebhook;
  readonly runners: SubscriptionRunner[];

  constructor({ logger, eventStore, readModels, versions, aggregates, clock, ids, directory, objects, ...options }: WebhookDeliveryDependencies) {
    const versioned = <T extends object>(spec: CollectionSpec<T>, projection: string) => new VersionedCollection(readModels, spec, projection, versions);
    const deliveryLogger = logger.child({ runner: 'webhook-delivery' });
    this.directory = directory;
    this.transport = options.transport ?? new HttpWebhookTransport({ allowPrivate: options.allowPrivate });
    const posting = options.metrics ? new MeteredWebhookTransport(this.transport, options.metrics) : this.transport;
    this.queues = new WebhookQueues(aggregates, clock, ids);
    this.deliver = new DeliverWebhook(aggregates, directory, objects, posting, clock, deliveryLogger);
    this.pool = new DeliveryPool((queue) => this.deliver.attempt(queue), options.poolLimits ?? DEFAULT_POOL_LIMITS, deliveryLogger);
    const due = versioned(WEBHOOK_SCHEDULE_COLLECTION, webhookScheduleProjection.name);
    this.scheduler = new WebhookDeliveryScheduler(due, this.pool, clock, deliveryLogger, { intervalMs: options.schedulerIntervalMs });
    const deliveries = versioned(WEBHOOK_DELIVERIES_COLLECTION, webhookDeliveriesProjection.name);
    this.listDeliveries = new ListWebhookDeliveries(deliveries);
    this.retryDelivery = new RetryWebhookDelivery(aggregates, deliveries, this.queues);
    this.replayEvents = new ReplayWebhookEvents(versioned(WEBHOOK_EVENTS_COLLECTION, webhookEventsProjection.name), this.queues);
    this.sendTest = new SendTestWebhook(this.queues, clock, ids);

    const checkpoints = readModels.checkpoints;
    const projection = (definition: typeof webhookEventsProjection) =>
      new SubscriptionRunner(eventStore, checkpoints, liveProjection(definition, readModels, versions), logger.child({ runner: definition.name }), { checkpointEvery: 200 });
    const dispatcher = new WebhookDispatcher(directory, this.queues, (work) => this.pool.offer(work));
    this.runners = [
      projection(webhookEventsProjection),
      projection(webhookDeliveriesProjection),
      projection(webhookScheduleProjection),
      // One event at a time, in log order: notifications of one subject reach its queues in the order they happened.
      new SubscriptionRunner(eventStore, checkpoints, dispatcher, logger.child({ runner: dispatcher.name }), { concurrency: 1, checkpointEvery: 100 }),
    ];
  }

  /** Call after the runners stopped: the scheduler ends its poll, the pool its attempts, then the transport closes. */
  async close(): Promise<void> {
    await this.scheduler.stop();
    await this.pool.close();
    await this.transport.close();
  }
}
