import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import { ProjectionVersions } from '../../../application/rebuilds/projection-versions.ts';
import type { DeliveryPoolLimits } from '../../../application/webhooks/delivery-pool.ts';
import type { WebhookDeliveryRow } from '../../../application/webhooks/webhook-delivery-row.ts';
import type { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import type { SqliteReadModelStore } from '../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { WebhookDeliveryModule } from '../../../infrastructure/composition/webhook-delivery-module.ts';
import { SequentialIds, silentLogger, type FixedClock } from '../../support/fixtures.ts';
import { FakeWebhookObjects } from '../../support/webhooks/fake-webhook-objects.ts';
import { FakeWebhookTransport } from '../../support/webhooks/fake-webhook-transport.ts';
import { InMemoryWebhookDirectory } from '../../support/webhooks/in-memory-webhook-directory.ts';

export const TENANT = 'tenant-1';

/** The log event types that become document notifications, by what they notify. */
const DOCUMENT_EVENT_TYPES = { created: 'DocumentCreated', sent: 'DocumentSubmissionStarted', validated: 'DocumentValidated', rejected: 'DocumentRejected' } as const;

export interface StackOptions {
  directory?: InMemoryWebhookDirectory;
  transport?: FakeWebhookTransport;
  ids?: SequentialIds;
  poolLimits?: DeliveryPoolLimits;
}

/**
 * Webhook delivery over one pair of SQLite stores, wired as the container wires it, with the doubles of the
 * directory, the objects and the receiver. Background polling is off: `tick()` runs one scheduler poll.
 */
export function webhookStack(stores: { events: SqliteEventStore; readModels: SqliteReadModelStore }, clock: FixedClock, options: StackOptions = {}) {
  const directory = options.directory ?? new InMemoryWebhookDirectory();
  const transport = options.transport ?? new FakeWebhookTransport(clock);
  const objects = new FakeWebhookObjects();
  const aggregates = new AggregateStore(stores.events);
  const module = new WebhookDeliveryModule({
    logger: silentLogger,
    eventStore: stores.events,
    readModels: stores.readModels,
    versions: new ProjectionVersions(stores.readModels.settings),
    aggregates,
    clock,
    ids: options.ids ?? new SequentialIds(),
    directory,
    objects,
    allowPrivate: true,
    transport,
    poolLimits: options.poolLimits,
    schedulerIntervalMs: 3_600_000,
  });
  const revisions = new Map<string, bigint>();

  return {
    module,
    directory,
    transport,
    objects,
    aggregates,
    async start(): Promise<void> {
      for (const runner of module.runners) await runner.start();
    },
    async stop(): Promise<void> {
      for (const runner of module.runners) await runner.stop();
      await module.close();
      // The SQLite read models commit a turn later: let that happen before another handle on the file writes.
      await new Promise((resolve) => setImmediate(resolve));
    },
    /** Appends the log event that notifies `what` of a document of the tenant. */
    async record(documentId: string, what: keyof typeof DOCUMENT_EVENT_TYPES, tenantId = TENANT): Promise<RecordedEvent> {
      const streamId = `salesInvoice-${documentId}`;
      const expected = revisions.get(streamId) ?? 'no_stream';
      const metadata = { tenantId, environment: 'test', $correlationId: `corr-${documentId}`, actor: 'key-1' };
      const { nextExpectedRevision } = await stores.events.append(streamId, [{ type: DOCUMENT_EVENT_TYPES[what], data: { documentId }, metadata }], expected);
      revisions.set(streamId, nextExpectedRevision);
      return (await stores.events.readStream(streamId)).at(-1)!;
    },
    /** Runs the subscriptions and the pool until nothing is left to do now. */
    async settle(): Promise<void> {
      for (;;) {
        await stores.events.flushed();
        const head = await stores.events.headPosition();
        for (const runner of module.runners) await runner.waitFor(head);
        await module.pool.idle();
        await stores.events.flushed();
        if ((await stores.events.headPosition()) === head) return;
      }
    },
    /** Brings the timers up to date, runs one scheduler poll, then everything it started. */
    async tick(): Promise<number> {
      await this.settle();
      const taken = await module.scheduler.tick();
      await this.settle();
      return taken;
    },
    /** The delivery log of an endpoint, newest first. */
    async log(endpointId: string, tenantId = TENANT): Promise<WebhookDeliveryRow[]> {
      return (await module.listDeliveries.execute({ tenantId, environment: 'test', endpointId, limit: 1_000 })).deliveries;
    },
  };
}

export type WebhookStack = ReturnType<typeof webhookStack>;
