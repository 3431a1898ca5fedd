import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { DiscardDocument } from '../../application/documents/discard-document.ts';
import { DocumentHistory } from '../../application/documents/document-history.ts';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../application/documents/document-row.ts';
import { GetDocument } from '../../application/documents/get-document.ts';
import { IssueDocument } from '../../application/documents/issue-document.ts';
import { ListDocuments } from '../../application/documents/list-documents.ts';
import { NumberIndex } from '../../application/documents/number-index.ts';
import { ReferenceResolver } from '../../application/documents/reference-resolver.ts';
import { VoidClaims } from '../../application/documents/void-claims.ts';
import { OutcomeRecorder } from '../../application/submission/outcome-recorder.ts';
import { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import { HealthCheck } from '../../application/health/health-check.ts';
import type { SubscriptionHealthSource } from '../../application/health/subscription-health.ts';
import { healthOfSharedWork } from '../../application/health/shared-work-health.ts';
import { WorkSharing, type SharedWork } from '../../application/coordination/work-sharing.ts';
import { systemClock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import { randomIds } from '../../application/ports/id-generator.ts';
import type { ReadModelCollection, ReadModelStore } from '../../application/ports/read-model-store.ts';
import { SubscriptionRunner } from '../../application/subscriptions/subscription-runner.ts';
import { VoidingProcessManager } from '../../application/voiding/voiding-process-manager.ts';
import { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { RegisterTenant } from '../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import { documentsProjection } from '../../projections/documents/documents-projection-definition.ts';
import { liveProjection } from '../../application/rebuilds/live-projection.ts';
import { ProjectionVersions } from '../../application/rebuilds/projection-versions.ts';
import { VersionedCollection } from '../../application/rebuilds/versioned-collection.ts';
import { RebuildJobs } from '../../application/rebuilds/rebuild-jobs.ts';
import { RebuildGuard } from '../../application/rebuilds/rebuild-guard.ts';
import { MeteredEventStore } from '../metrics/metered-event-store.ts';
import { MeteredProvider } from '../metrics/metered-provider.ts';
import { ServiceMetrics } from '../metrics/service-metrics.ts';
import type { Config } from '../config/config.ts';
import type { CoordinationStore } from '../../application/ports/coordination-store.ts';
import type { Stores } from './open-stores.ts';
import type { InvoiceManagementUseCases } from '../../application/invoice-management/invoice-management-use-cases.ts';
import { invoiceManagementUseCases } from './invoice-management-use-cases.ts';
import { VISIBILITY_COLLECTION, VisibilityWatermarks } from '../../application/invoice-management/visibility-watermarks.ts';
import { MessagesModule } from './messages-module.ts';
import { AcceptanceModule } from './acceptance-module.ts';
import { dianEventsOptions } from './dian-event-transmission.ts';
import { createDianWebServices } from '../dian/web-services/create-dian-web-services.ts';
import { CircuitBreakerProvider } from '../../application/providers/circuit-breaker-provider.ts';
import { SUBMISSION_RETRY } from '../../application/submission/submission-retry-policy.ts';
import { providerFromConfig } from './provider-from-config.ts';
import { documentRendering, type DocumentRendering } from './document-rendering.ts';
import type { IssuancePrecondition } from '../../application/documents/issuance-precondition.ts';
import type { SecretCipher } from '../../application/ports/secret-cipher.ts';
import type { CompanyWarningSource } from '../../application/tenancy/company-warnings.ts';
import { secretCipherFrom } from '../secrets/secret-cipher-from-config.ts';
import { CompanyLogos } from '../../application/tenancy/company-logos.ts';
import { CompanyProfilePrecondition } from '../../application/tenancy/company-profile-precondition.ts';
import { UpdateCompanyProfile } from '../../application/tenancy/update-company-profile.ts';
import { SubmissionModule } from './submission-module.ts';
import { Certificates } from '../../application/certificates/certificates.ts';
import { CertificatePrecondition } from '../../application/certificates/certificate-precondition.ts';
import { CertificateWarnings } from '../../application/certificates/certificate-warnings.ts';
import { nodeCertificateToolkit } from '../certificates/node-certificate-toolkit.ts';
import { NumberingModule } from './numbering-module.ts';
import { registerResolutionMetrics } from '../metrics/resolution-metrics.ts';
import type { ContainerOptions } from './container-options.ts';
import { WebhookEndpointsModule } from './webhook-endpoints-module.ts';
import { LogWebhookObjects } from '../../application/webhooks/log-webhook-objects.ts';
import { WebhookDeliveryModule } from './webhook-delivery-module.ts';
import { AuditModule } from './audit-module.ts';

export type { ContainerOptions } from './container-options.ts';


/** Wires ports to adapters: the one place that knows every concrete class. */
export class Container {
  readonly metrics: ServiceMetrics;
  readonly eventStore: EventStore;
  readonly aggregates: AggregateStore;
  readonly tenants: TenantDirectory;
  readonly apiKeys: ApiKeys;
  readonly registerTenant: RegisterTenant;
  /** Company profiles: the operator's updates, and the logo images they name. */
  readonly updateCompanyProfile: UpdateCompanyProfile;
  readonly logos: CompanyLogos;
  /** Seals private keys and PINs at rest with SECRETS_KEY. */
  readonly secrets: SecretCipher;
  /** What the company must have before a document enters issuance, checked in this order. */
  readonly issuancePreconditions: IssuancePrecondition[];
  /** What GET /v1/me and the CLI warn a company about. */
  readonly warningSources: CompanyWarningSource[];
  /** Signing certificates per company and environment (imported PKCS#12, generated test ones). */
  readonly certificates: Certificates;
  readonly provider: DocumentProvider;
  readonly documents: ReadModelCollection<DocumentRow>;
  readonly projectionVersions: ProjectionVersions;
  readonly rebuildJobs: RebuildJobs;
  readonly rebuildGuard: RebuildGuard;
  readonly runners: SubscriptionRunner[];
  readonly issueDocument: IssueDocument;
  readonly getDocument: GetDocument;
  readonly documentHistory: DocumentHistory;
  readonly listDocuments: ListDocuments;
  readonly discardDocument: DiscardDocument;
  readonly health: HealthCheck;
  readonly invoiceManagement: InvoiceManagementUseCases;
  readonly messages: MessagesModule;
  readonly acceptance: AcceptanceModule;
  readonly submission: SubmissionModule;
  /** Numbering resolutions and software identities of the companies. */
  readonly numbering: NumberingModule;
  /** The companies' webhook endpoints: use cases, and the directory delivery reads. */
  readonly webhookEndpoints: WebhookEndpointsModule;
  /** What each webhook delivery carries: its subject as its GET showed it right after the event. */
  readonly webhookObjects: LogWebhookObjects;
  /** Webhook delivery: the dispatcher, the queues' scheduler, the delivery log, replay and test. */
  readonly webhookDelivery: WebhookDeliveryModule;
  /** Auditors' reads across documents: the list over every family, trails, period exports, trail verifications. */
  readonly audit: AuditModule;
  readonly readModels: ReadModelStore;
  readonly coordination: CoordinationStore;
  /** The render threads this thread's files go to (none with RENDER_THREADS=0): the workers thread is given them too. */
  readonly renderRunner: DocumentRendering['runner'];

  constructor(
    readonly config: Config,
    readonly logger: Logger,
    { eventStore, readModels, coordination }: Stores,
    options: ContainerOptions = {},
  ) {
    this.readModels = readModels;
    this.coordination = coordination;
    this.metrics = new ServiceMetrics();
    this.eventStore = new MeteredEventStore(eventStore, this.metrics);
    const clock = options.clock ?? systemClock;
    const ids = options.ids ?? randomIds;
    this.aggregates = new AggregateStore(this.eventStore);
    this.webhookObjects = new LogWebhookObjects(this.eventStore);
    this.tenants = new TenantDirectory(this.aggregates);
    this.apiKeys = new ApiKeys(this.aggregates, this.tenants, clock, ids);
    this.registerTenant = new RegisterTenant(this.aggregates, clock, ids);
    this.secrets = secretCipherFrom(config);
    this.logos = new CompanyLogos(this.eventStore);
    this.updateCompanyProfile = new UpdateCompanyProfile(this.aggregates, this.tenants, this.logos, clock);
    this.issuancePreconditions = [new CompanyProfilePrecondition(this.tenants)];
    this.warningSources = [];
    this.numbering = new NumberingModule({ eventStore: this.eventStore, aggregates: this.aggregates, tenants: this.tenants, secrets: this.secrets, clock, ids });
    // The sandbox numbers locally, from the company's resolutions; Factus numbers on the ranges configured at Factus.
    if (config.provider !== 'factus') this.issuancePreconditions.push(this.numbering.precondition);
    this.warningSources.push(this.numbering.usages);
    registerResolutionMetrics(this.metrics.registry, async () => this.numbering.usages.usagesOf(await this.numbering.catalog.everyone(), clock.now()));
    this.certificates = new Certificates({ aggregates: this.aggregates, eventStore: this.eventStore, secrets: this.secrets, toolkit: nodeCertificateToolkit, tenants: this.tenants, clock, ids });
    this.issuancePreconditions.push(new CertificatePrecondition(this.certificates, clock));
    this.warningSources.push(new CertificateWarnings(this.certificates));
    const { services: renderServices, signer: eventSigner, runner } = documentRendering(config, this.certificates, this.logos, logger, this.metrics, options.renderRunner);
    this.renderRunner = runner;
    const dianWebServices = options.dianWebServices ?? (config.dian ? createDianWebServices({ timeoutMs: config.dian.timeoutMs, clock: () => clock.now() }) : undefined);
    const dianInputs = { webServices: dianWebServices, eventStore: this.eventStore, keys: this.certificates };
    const chosenProvider = options.provider ?? providerFromConfig(config, this.numbering.numbering, clock, this.coordination, renderServices, dianInputs);
    this.provider = new CircuitBreakerProvider(new MeteredProvider(chosenProvider, this.metrics), this.coordination, clock, options.providerCircuit);
    this.projectionVersions = new ProjectionVersions(readModels.settings);
    this.rebuildGuard = new RebuildGuard(coordination, systemClock, config.instanceId);
    this.rebuildJobs = new RebuildJobs(this.eventStore, readModels, this.projectionVersions, logger.child({ component: 'rebuild' }), this.rebuildGuard);
    this.documents = new VersionedCollection(readModels, DOCUMENTS_COLLECTION, documentsProjection.name, this.projectionVersions);
    const watermarks = new VisibilityWatermarks(readModels.collection(VISIBILITY_COLLECTION));
    const numbers = new NumberIndex(this.eventStore);
    const outcomes = new OutcomeRecorder(this.aggregates, numbers, clock);
    this.submission = new SubmissionModule({
      logger,
      eventStore: this.eventStore,
      readModels,
      aggregates: this.aggregates,
      provider: this.provider,
      outcomes,
      clock,
      concurrency: options.submissionConcurrency ?? this.provider.concurrency,
      retry: options.submissionRetry ?? { ...SUBMISSION_RETRY, leaseMs: config.submissionLeaseMs },
      random: options.submissionRandom,
      schedulerIntervalMs: options.submissionSchedulerIntervalMs,
      instance: config.instanceId,
    });

    const checkpoints = readModels.checkpoints;
    this.runners = [
      new SubscriptionRunner(this.eventStore, checkpoints, liveProjection(documentsProjection, readModels, this.projectionVersions, { watermarks }), logger.child({ runner: 'documents' }), {
        checkpointEvery: 500,
      }),
      ...this.submission.runners,
      new SubscriptionRunner(this.eventStore, checkpoints, new VoidingProcessManager(this.aggregates, clock), logger.child({ runner: 'voiding' }), {
        checkpointEvery: 100,
      }),
    ];

    const references = new ReferenceResolver(numbers, this.aggregates);
    this.issueDocument = new IssueDocument(this.aggregates, this.tenants, clock, ids, references, new VoidClaims(this.aggregates, clock), this.issuancePreconditions);
    this.getDocument = new GetDocument(this.aggregates);
    this.documentHistory = new DocumentHistory(this.eventStore);
    this.listDocuments = new ListDocuments(this.documents);
    this.discardDocument = new DiscardDocument(this.aggregates, this.provider, outcomes, clock);
    this.messages = new MessagesModule({
      config,
      logger,
      eventStore: this.eventStore,
      readModels,
      versions: this.projectionVersions,
      aggregates: this.aggregates,
      tenants: this.tenants,
      documents: this.getDocument,
      provider: this.provider,
      clock,
      ids,
      transport: options.mailTransport,
      metrics: this.metrics,
      schedulerIntervalMs: options.messagesSchedulerIntervalMs,
    });
    this.runners.push(...this.messages.runners);
    this.acceptance = new AcceptanceModule({
      logger,
      eventStore: this.eventStore,
      readModels,
      versions: this.projectionVersions,
      aggregates: this.aggregates,
      tenants: this.tenants,
      documents: this.getDocument,
      provider: this.provider,
      clock,
      signer: eventSigner,
      software: options.softwareIdentities ?? this.numbering.software,
      schedulerIntervalMs: options.acceptanceSchedulerIntervalMs,
      dianEvents: dianEventsOptions(config, this.certificates, { ...options, dianWebServices }),
    });
    this.runners.push(...this.acceptance.runners);
    const allowPrivate = config.webhooksAllowPrivate;
    this.webhookEndpoints = new WebhookEndpointsModule({ aggregates: this.aggregates, eventStore: this.eventStore, cipher: this.secrets, clock, ids, resolve: options.webhookHostResolver, allowPrivate });
    const webhookInputs = { logger, eventStore: this.eventStore, readModels, versions: this.projectionVersions, aggregates: this.aggregates, clock, ids, metrics: this.metrics.registry };
    const webhookParts = { directory: this.webhookEndpoints.directory, objects: this.webhookObjects, allowPrivate, ...options.webhooks };
    this.webhookDelivery = new WebhookDeliveryModule({ ...webhookInputs, ...webhookParts });
    this.runners.push(...this.webhookDelivery.runners);
    this.audit = new AuditModule({ config, logger, eventStore: this.eventStore, readModels, coordination, documents: this.documents, history: this.documentHistory, clock, ids });
    this.health = new HealthCheck(this.eventStore, readModels, () => this.subscriptionHealth(), config.reconnectGraceMs);
    const { aggregates, tenants, apiKeys, documents, provider, issuancePreconditions, warningSources } = this;
    this.invoiceManagement = invoiceManagementUseCases({ config, aggregates, tenants, apiKeys, documents, watermarks, provider, clock, ids, issuancePreconditions, warningSources });
  }

  /** The projections, process managers and schedulers, shared with the other instances that run workers. */
  get sharing(): WorkSharing {
    this.workSharing ??= new WorkSharing(
      [...this.runners, ...this.schedulers],
      this.coordination,
      systemClock,
      this.logger.child({ component: 'work-sharing' }),
      { instanceId: this.config.instanceId, description: `host ${hostname()} pid ${process.pid}` },
    );
    return this.workSharing;
  }

  private workSharing: WorkSharing | undefined;

  subscriptionHealth: SubscriptionHealthSource = () =>
    healthOfSharedWork(this.eventStore, this.readModels.checkpoints, this.runners, this.schedulers, this.sharing, this.config.workers !== 'none');

  /** The durable timers' pollers: submission retries, e-mail retries, tacit acceptance. */
  get schedulers(): SharedWork[] {
    const dianEvents = this.acceptance.dianEvents ? [this.acceptance.dianEvents.scheduler] : [];
    return [this.submission.scheduler, this.messages.scheduler, this.acceptance.scheduler, ...dianEvents, this.webhookDelivery.scheduler];
  }
  /** Metrics of the process's other threads (the workers thread): one prom-client JSON per thread. */
  otherThreadsMetrics: () => Promise<unknown[]> = async () => [];

  /** When the subscriptions run elsewhere (a worker thread), readiness and metrics ask there. */
  reportSubscriptionsFrom(source: SubscriptionHealthSource, metrics?: () => Promise<unknown[]>): void {
    this.subscriptionHealth = source;
    if (metrics) this.otherThreadsMetrics = metrics;
  }

  /** Joins the instances that run workers and starts the work this one should hold. */
  async startWorkers(): Promise<void> {
    await this.sharing.start();
  }

  runner(name: string): SubscriptionRunner {
    const runner = this.runners.find((candidate) => candidate.handler.name === name);
    if (!runner) throw new Error(`no subscription named ${name}`);
    return runner;
  }

  async close(): Promise<void> {
    this.rebuildJobs.stopAll();
    await this.workSharing?.stop();
    await Promise.all(this.runners.map((runner) => runner.stop()));
    await this.messages.close();
    await this.acceptance.close();
    await this.webhookDelivery.close();
    await this.audit.close();
    await this.submission.scheduler.stop();
    await this.invoiceManagement.rateLimiter.close();
    await this.readModels.close();
    await this.coordination.close();
    await this.eventStore.close().finally(() => this.metrics.close());
  }
}
