import type { Logger } from 'pino';
import { DiscardDocument } from '../../application/documents/discard-document.ts';
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
import { healthOfRunners, type SubscriptionHealthSource } from '../../application/health/subscription-health.ts';
import { systemClock, type Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import { randomIds, type IdGenerator } from '../../application/ports/id-generator.ts';
import type { ReadModelCollection, ReadModelStore } from '../../application/ports/read-model-store.ts';
import { SubmissionProcessManager } from '../../application/submission/submission-process-manager.ts';
import { SubscriptionRunner } from '../../application/subscriptions/subscription-runner.ts';
import { VoidingProcessManager } from '../../application/voiding/voiding-process-manager.ts';
import { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { RegisterTenant } from '../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import { DocumentsProjection } from '../../projections/documents/documents-projection.ts';
import { documentsProjection } from '../../projections/documents/documents-projection-definition.ts';
import { ProjectionVersions } from '../../application/projections/projection-versions.ts';
import { VersionedCollection } from '../../application/projections/versioned-collection.ts';
import { RebuildJobs } from '../../application/projections/rebuild-jobs.ts';
import type { Config } from '../config/config.ts';
import { SandboxNumbering } from '../providers/sandbox/sandbox-numbering.ts';
import { SandboxProvider } from '../providers/sandbox/sandbox-provider.ts';

export interface ContainerOptions {
  clock?: Clock;
  ids?: IdGenerator;
  provider?: DocumentProvider;
  submissionConcurrency?: number;
}

/** Wires ports to adapters: the one place that knows every concrete class. */
export class Container {
  readonly aggregates: AggregateStore;
  readonly tenants: TenantDirectory;
  readonly apiKeys: ApiKeys;
  readonly registerTenant: RegisterTenant;
  readonly provider: DocumentProvider;
  readonly documents: ReadModelCollection<DocumentRow>;
  readonly projectionVersions: ProjectionVersions;
  readonly rebuildJobs: RebuildJobs;
  readonly runners: SubscriptionRunner[];
  readonly issueDocument: IssueDocument;
  readonly getDocument: GetDocument;
  readonly listDocuments: ListDocuments;
  readonly discardDocument: DiscardDocument;
  readonly health: HealthCheck;

  constructor(
    readonly config: Config,
    readonly logger: Logger,
    readonly eventStore: EventStore,
    readonly readModels: ReadModelStore,
    options: ContainerOptions = {},
  ) {
    const clock = options.clock ?? systemClock;
    const ids = options.ids ?? randomIds;
    this.aggregates = new AggregateStore(eventStore);
    this.tenants = new TenantDirectory(this.aggregates);
    this.apiKeys = new ApiKeys(this.aggregates, this.tenants, clock, ids);
    this.registerTenant = new RegisterTenant(this.aggregates, clock, ids);
    this.provider = options.provider ?? new SandboxProvider(new SandboxNumbering(eventStore), clock, config.sandboxDelayMs);
    this.projectionVersions = new ProjectionVersions(readModels.settings);
    this.rebuildJobs = new RebuildJobs(eventStore, readModels, this.projectionVersions, logger.child({ component: 'rebuild' }));
    this.documents = new VersionedCollection<DocumentRow>(readModels, DOCUMENTS_COLLECTION, documentsProjection.name, this.projectionVersions);
    const numbers = new NumberIndex(eventStore);
    const outcomes = new OutcomeRecorder(this.aggregates, numbers, clock);

    const checkpoints = readModels.checkpoints;
    this.runners = [
      new SubscriptionRunner(eventStore, checkpoints, new DocumentsProjection(this.documents), logger.child({ runner: 'documents' }), {
        checkpointEvery: 500,
      }),
      new SubscriptionRunner(
        eventStore,
        checkpoints,
        new SubmissionProcessManager(this.aggregates, this.provider, outcomes, clock, logger.child({ runner: 'submission' })),
        logger.child({ runner: 'submission' }),
        { concurrency: options.submissionConcurrency ?? 128, checkpointEvery: 100 },
      ),
      new SubscriptionRunner(eventStore, checkpoints, new VoidingProcessManager(this.aggregates, clock), logger.child({ runner: 'voiding' }), {
        checkpointEvery: 100,
      }),
    ];

    const references = new ReferenceResolver(numbers, this.aggregates);
    this.issueDocument = new IssueDocument(this.aggregates, this.tenants, clock, ids, references, new VoidClaims(this.aggregates, clock));
    this.getDocument = new GetDocument(this.aggregates);
    this.listDocuments = new ListDocuments(this.documents);
    this.discardDocument = new DiscardDocument(this.aggregates, this.provider, outcomes, clock);
    this.health = new HealthCheck(eventStore, readModels, () => this.subscriptionHealth());
  }

  private subscriptionHealth: SubscriptionHealthSource = () => healthOfRunners(this.eventStore, this.runners);

  /** When the subscriptions run elsewhere (a worker thread), readiness asks there. */
  reportSubscriptionsFrom(source: SubscriptionHealthSource): void {
    this.subscriptionHealth = source;
  }

  async startWorkers(): Promise<void> {
    for (const runner of this.runners) await runner.start();
  }

  runner(name: string): SubscriptionRunner {
    const runner = this.runners.find((candidate) => candidate.handler.name === name);
    if (!runner) throw new Error(`no subscription named ${name}`);
    return runner;
  }

  async close(): Promise<void> {
    this.rebuildJobs.stopAll();
    await Promise.all(this.runners.map((runner) => runner.stop()));
    await this.readModels.close();
    await this.eventStore.close();
  }
}
