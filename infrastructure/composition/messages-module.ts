import { join } from 'node:path';
import type { Logger } from 'pino';
import type { GetDocument } from '../../application/documents/get-document.ts';
import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import { AttachmentStore } from '../../application/messages/attachment-store.ts';
import { AuthorizedRecipients } from '../../application/messages/authorized-recipients.ts';
import { Brands } from '../../application/messages/brands.ts';
import { DeliverMessage } from '../../application/messages/deliver-message.ts';
import { DeliveryProcessManager } from '../../application/messages/delivery-process-manager.ts';
import { DELIVERY_SCHEDULE_COLLECTION, type DeliveryDueRow } from '../../application/messages/delivery-schedule.ts';
import { DeliveryScheduler } from '../../application/messages/delivery-scheduler.ts';
import { DocumentEmails } from '../../application/messages/document-emails.ts';
import { EmailDocument } from '../../application/messages/email-document.ts';
import { GetMessage } from '../../application/messages/get-message.ts';
import { MESSAGES_COLLECTION, type MessageRow } from '../../application/messages/message-row.ts';
import { ListMessages } from '../../application/messages/list-messages.ts';
import { SendMessage } from '../../application/messages/send-message.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { MailTransport } from '../../application/ports/mail-transport.ts';
import type { CollectionSpec, ReadModelCollection, ReadModelStore } from '../../application/ports/read-model-store.ts';
import { liveProjection } from '../../application/rebuilds/live-projection.ts';
import type { ProjectionVersions } from '../../application/rebuilds/projection-versions.ts';
import { VersionedCollection } from '../../application/rebuilds/versioned-collection.ts';
import { SubscriptionRunner } from '../../application/subscriptions/subscription-runner.ts';
import type { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import { deliveryScheduleProjection } from '../../projections/messages/delivery-schedule-projection-definition.ts';
import { messagesProjection } from '../../projections/messages/messages-projection-definition.ts';
import type { Config } from '../config/config.ts';
import { StoreSendLimits } from '../rate-limiting/store-send-limits.ts';
import { HandlebarsTemplateRenderer } from '../mail/handlebars-template-renderer.ts';
import { OutboxMailTransport } from '../mail/outbox-mail-transport.ts';
import { SmtpMailTransport } from '../mail/smtp-mail-transport.ts';
import { MeteredMailTransport } from '../metrics/metered-mail-transport.ts';
import type { ServiceMetrics } from '../metrics/service-metrics.ts';

interface MessagesDependencies {
  config: Config;
  logger: Logger;
  eventStore: EventStore;
  readModels: ReadModelStore;
  versions: ProjectionVersions;
  aggregates: AggregateStore;
  tenants: TenantDirectory;
  documents: GetDocument;
  provider: DocumentProvider;
  clock: Clock;
  ids: IdGenerator;
  /** Replaces the transport chosen from SMTP_URL (tests, benchmarks). */
  transport?: MailTransport;
  schedulerIntervalMs?: number;
  /** Counts delivery outcomes (`email_deliveries_total`). */
  metrics?: ServiceMetrics;
}

/** The messages face (seed 002) wired: use cases, the delivery process manager, its projections and scheduler. */
export class MessagesModule {
  readonly brands: Brands;
  readonly recipients: AuthorizedRecipients;
  readonly sendMessage: SendMessage;
  readonly getMessage: GetMessage;
  readonly emailDocument: EmailDocument;
  readonly documentEmails: DocumentEmails;
  /** The company's messages, newest first (GET /v1/messages). */
  readonly listMessages: ListMessages;
  /** The messages read model (its active version). */
  readonly rows: ReadModelCollection<MessageRow>;
  readonly deliver: DeliverMessage;
  readonly scheduler: DeliveryScheduler;
  /** The delivery timers the scheduler polls. */
  readonly schedule: ReadModelCollection<DeliveryDueRow>;
  readonly transport: MailTransport;
  readonly runners: SubscriptionRunner[];
  private readonly limits: StoreSendLimits;

  constructor({ config, logger, eventStore, readModels, versions, aggregates, tenants, documents, provider, clock, ids, ...options }: MessagesDependencies) {
    // Read through the active version, so a rebuild (projections rebuild messages) can switch under a running service.
    const versioned = <T extends object>(spec: CollectionSpec<T>, projection: string) => new VersionedCollection(readModels, spec, projection, versions);
    this.transport =
      options.transport ?? (config.smtpUrl ? new SmtpMailTransport(config.smtpUrl) : new OutboxMailTransport(join(config.dataDir, 'outbox')));
    const attachments = new AttachmentStore(eventStore, ids);
    this.brands = new Brands(aggregates, eventStore, tenants, clock, config.messagesDefaultBrand);
    this.recipients = new AuthorizedRecipients(aggregates, clock);
    this.limits = new StoreSendLimits(config, config.messagesRateLimit, config.messagesRateWindowSeconds);
    this.sendMessage = new SendMessage(aggregates, this.brands, this.recipients, new HandlebarsTemplateRenderer(), attachments, this.limits, clock, ids);
    this.getMessage = new GetMessage(aggregates);
    this.emailDocument = new EmailDocument(documents, provider, this.brands, this.sendMessage);
    this.rows = versioned(MESSAGES_COLLECTION, messagesProjection.name);
    this.documentEmails = new DocumentEmails(this.rows);
    this.listMessages = new ListMessages(this.rows);

    const deliveryLogger = logger.child({ runner: 'message-delivery' });
    const delivering = options.metrics ? new MeteredMailTransport(this.transport, options.metrics) : this.transport;
    this.deliver = new DeliverMessage(aggregates, delivering, attachments, clock, config.mailFrom, deliveryLogger);
    this.schedule = versioned(DELIVERY_SCHEDULE_COLLECTION, deliveryScheduleProjection.name);
    this.scheduler = new DeliveryScheduler(this.schedule, this.deliver, clock, deliveryLogger, { intervalMs: options.schedulerIntervalMs });
    const checkpoints = readModels.checkpoints;
    this.runners = [
      new SubscriptionRunner(eventStore, checkpoints, liveProjection(messagesProjection, readModels, versions), logger.child({ runner: 'messages' }), { checkpointEvery: 200 }),
      new SubscriptionRunner(eventStore, checkpoints, liveProjection(deliveryScheduleProjection, readModels, versions), logger.child({ runner: 'message-schedule' }), { checkpointEvery: 200 }),
      new SubscriptionRunner(eventStore, checkpoints, new DeliveryProcessManager(this.deliver), deliveryLogger, { concurrency: 16, checkpointEvery: 100 }),
    ];
  }

  /** Call after the runners stopped: the scheduler finishes its poll, then the transport lets go of its connections. */
  async close(): Promise<void> {
    await this.scheduler.stop();
    await this.transport.close();
    await this.limits.close();
  }
}
