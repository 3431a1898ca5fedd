import type { Logger } from 'pino';
import { AcceptanceTrails } from '../../application/acceptance/acceptance-trails.ts';
import { GetReceivedDocument } from '../../application/acceptance/get-received-document.ts';
import { InvoiceAcceptanceEvents } from '../../application/acceptance/invoice-acceptance-events.ts';
import { ListReceivedDocuments } from '../../application/acceptance/list-received-documents.ts';
import { RECEIVED_DOCUMENTS_COLLECTION } from '../../application/acceptance/received-document-row.ts';
import { RecordAcceptanceEvent } from '../../application/acceptance/record-acceptance-event.ts';
import { RecordTacitAcceptance } from '../../application/acceptance/record-tacit-acceptance.ts';
import { TACIT_ACCEPTANCE_SCHEDULE_COLLECTION, type TacitAcceptanceDueRow } from '../../application/acceptance/tacit-acceptance-schedule.ts';
import { TacitAcceptanceScheduler } from '../../application/acceptance/tacit-acceptance-scheduler.ts';
import type { GetDocument } from '../../application/documents/get-document.ts';
import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { CollectionSpec, ReadModelCollection, ReadModelStore } from '../../application/ports/read-model-store.ts';
import { liveProjection } from '../../application/rebuilds/live-projection.ts';
import type { ProjectionVersions } from '../../application/rebuilds/projection-versions.ts';
import { VersionedCollection } from '../../application/rebuilds/versioned-collection.ts';
import { SubscriptionRunner } from '../../application/subscriptions/subscription-runner.ts';
import type { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import { CompaniesWithNit } from '../../application/tenancy/companies-with-nit.ts';
import { tacitAcceptanceScheduleProjection } from '../../projections/acceptance/tacit-acceptance-schedule-projection-definition.ts';
import { receivedDocumentsProjection } from '../../projections/receptions/received-documents-projection-definition.ts';
import { OwnEventXml } from '../../application/acceptance/own-event-xml.ts';
import type { SoftwareIdentities } from '../../application/ports/software-identity.ts';
import type { XmlSigner } from '../../application/ports/xml-signer.ts';
import { DianEventXmlRenderer } from '../acceptance/dian-event-xml-renderer.ts';
import { DianEventTransmission, type DianEventsOptions } from './dian-event-transmission.ts';

interface AcceptanceDependencies {
  logger: Logger;
  eventStore: EventStore;
  readModels: ReadModelStore;
  versions: ProjectionVersions;
  aggregates: AggregateStore;
  tenants: TenantDirectory;
  documents: GetDocument;
  provider: DocumentProvider;
  clock: Clock;
  /** Signs the ApplicationResponse of the events a company sends. */
  signer: XmlSigner;
  /** Each company's DIAN software (id and PIN: event CUDEs, security codes). */
  software: SoftwareIdentities;
  schedulerIntervalMs?: number;
  /** Sends the companies' own events to DIAN (PROVIDER=dian); absent, events are only recorded. */
  dianEvents?: DianEventsOptions;
}

/** Acceptance events (RADIAN) and the reception family wired: use cases, projections, the tacit-acceptance scheduler. */
export class AcceptanceModule {
  readonly tenants: TenantDirectory;
  readonly invoiceEvents: InvoiceAcceptanceEvents;
  readonly getReceived: GetReceivedDocument;
  readonly listReceived: ListReceivedDocuments;
  readonly recordEvent: RecordAcceptanceEvent;
  readonly recordTacit: RecordTacitAcceptance;
  readonly ownEventXml: OwnEventXml;
  /** The tacit-acceptance deadlines pending (the scheduler's timers). */
  readonly schedule: ReadModelCollection<TacitAcceptanceDueRow>;
  readonly scheduler: TacitAcceptanceScheduler;
  /** Only with PROVIDER=dian: own events sent to DIAN. */
  readonly dianEvents?: DianEventTransmission;
  readonly runners: SubscriptionRunner[];

  constructor(dependencies: AcceptanceDependencies) {
    const { logger, eventStore, readModels, versions, aggregates, tenants, documents, provider, clock, signer, software, schedulerIntervalMs, dianEvents } = dependencies;
    const versioned = <T extends object>(spec: CollectionSpec<T>, projection: string) => new VersionedCollection(readModels, spec, projection, versions);
    const received = versioned(RECEIVED_DOCUMENTS_COLLECTION, receivedDocumentsProjection.name);
    this.schedule = versioned(TACIT_ACCEPTANCE_SCHEDULE_COLLECTION, tacitAcceptanceScheduleProjection.name);

    const trails = new AcceptanceTrails(aggregates);
    this.tenants = tenants;
    this.invoiceEvents = new InvoiceAcceptanceEvents(documents, trails, provider);
    this.getReceived = new GetReceivedDocument(aggregates, trails);
    this.listReceived = new ListReceivedDocuments(received);
    const transmitToDian = dianEvents !== undefined;
    const receivers = new CompaniesWithNit(eventStore);
    this.recordEvent = new RecordAcceptanceEvent(aggregates, this.getReceived, clock, software, transmitToDian);
    this.recordTacit = new RecordTacitAcceptance(aggregates, clock, software, transmitToDian, (nit) => receivers.of(nit));
    const renderer = new DianEventXmlRenderer(software, signer);
    this.ownEventXml = new OwnEventXml(documents, this.getReceived, trails, renderer);
    const tacitLogger = logger.child({ runner: 'tacit-acceptance' });
    this.scheduler = new TacitAcceptanceScheduler(this.schedule, this.recordTacit, clock, tacitLogger, { intervalMs: schedulerIntervalMs });
    const checkpoints = readModels.checkpoints;
    this.runners = [
      new SubscriptionRunner(eventStore, checkpoints, liveProjection(receivedDocumentsProjection, readModels, versions), logger.child({ runner: 'received-documents' }), {
        checkpointEvery: 500,
      }),
      new SubscriptionRunner(eventStore, checkpoints, liveProjection(tacitAcceptanceScheduleProjection, readModels, versions), tacitLogger, { checkpointEvery: 100 }),
    ];
    if (dianEvents) {
      this.dianEvents = new DianEventTransmission({ logger, eventStore, readModels, versions, aggregates, clock, renderer }, dianEvents);
      this.runners.push(...this.dianEvents.runners);
    }
  }

  /** Call after the runners stopped: the scheduler finishes its poll. */
  async close(): Promise<void> {
    await this.scheduler.stop();
    await this.dianEvents?.scheduler.stop();
  }
}
