import type { Logger } from 'pino';
import { EventTransmissionProcessManager } from '../../application/acceptance/event-transmission-process-manager.ts';
import { EVENT_TRANSMISSION_SCHEDULE_COLLECTION, type EventTransmissionDueRow } from '../../application/acceptance/event-transmission-schedule.ts';
import { EventTransmissionScheduler } from '../../application/acceptance/event-transmission-scheduler.ts';
import { TransmitAcceptanceEvent } from '../../application/acceptance/transmit-acceptance-event.ts';
import { DianFileConsecutives } from '../../application/dian-files/dian-file-consecutives.ts';
import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { EventXmlRenderer } from '../../application/ports/event-xml-renderer.ts';
import type { ReadModelCollection, ReadModelStore } from '../../application/ports/read-model-store.ts';
import { liveProjection } from '../../application/rebuilds/live-projection.ts';
import type { ProjectionVersions } from '../../application/rebuilds/projection-versions.ts';
import { VersionedCollection } from '../../application/rebuilds/versioned-collection.ts';
import type { SubmissionRetryPolicy } from '../../application/submission/submission-retry-policy.ts';
import { SubscriptionRunner } from '../../application/subscriptions/subscription-runner.ts';
import { eventTransmissionScheduleProjection } from '../../projections/acceptance/event-transmission-schedule-projection-definition.ts';
import { DianEventTransmitter, type CredentialSource } from '../acceptance/dian-event-transmitter.ts';
import type { DianSettings, ProviderConfig } from '../config/provider-config.ts';
import type { DianWebServices } from '../dian/web-services/dian-web-services.ts';

/** What sending own acceptance events to DIAN needs beyond the acceptance module's parts (PROVIDER=dian). */
export interface DianEventsOptions {
  webServices: DianWebServices;
  settings: Pick<DianSettings, 'url' | 'payrollUrl'>;
  /** The companies' certificates: WS-Security signs each request with the sender's. */
  credentials: CredentialSource;
  retry?: SubmissionRetryPolicy;
  random?: () => number;
  schedulerIntervalMs?: number;
}

interface Parts {
  logger: Logger;
  eventStore: EventStore;
  readModels: ReadModelStore;
  versions: ProjectionVersions;
  aggregates: AggregateStore;
  clock: Clock;
  renderer: EventXmlRenderer;
}

/** What the container is told about DIAN (its options) that decides whether and how own events are sent. */
interface DianEventsRequest {
  dianWebServices?: DianWebServices;
  sendAcceptanceEventsToDian?: boolean;
  dianEventsRetry?: SubmissionRetryPolicy;
  submissionRandom?: () => number;
  acceptanceSchedulerIntervalMs?: number;
}

/** With PROVIDER=dian (or when asked), how own acceptance events reach DIAN: its web services, endpoints, certificates. */
export function dianEventsOptions(config: ProviderConfig, credentials: CredentialSource, request: DianEventsRequest): DianEventsOptions | undefined {
  if (!(request.sendAcceptanceEventsToDian ?? config.provider === 'dian')) return undefined;
  const webServices = request.dianWebServices;
  if (!webServices) throw new Error('sending acceptance events to DIAN (PROVIDER=dian) needs DIAN’s web-services client; none is wired');
  return {
    webServices,
    settings: config.dian ?? { url: null, payrollUrl: null },
    credentials,
    retry: request.dianEventsRetry,
    random: request.submissionRandom,
    schedulerIntervalMs: request.acceptanceSchedulerIntervalMs,
  };
}

/** The process manager that sends own events to DIAN, its durable timers (projection and scheduler), and the use case. */
export class DianEventTransmission {
  readonly transmit: TransmitAcceptanceEvent;
  /** The own events still to send (the scheduler's timers). */
  readonly schedule: ReadModelCollection<EventTransmissionDueRow>;
  readonly scheduler: EventTransmissionScheduler;
  readonly runners: SubscriptionRunner[];

  constructor(parts: Parts, options: DianEventsOptions) {
    const { logger, eventStore, readModels, versions, aggregates, clock, renderer } = parts;
    const transmitter = new DianEventTransmitter(options.webServices, options.settings, options.credentials, new DianFileConsecutives(eventStore), clock);
    const runnerLogger = logger.child({ runner: 'acceptance-event-transmission' });
    this.transmit = new TransmitAcceptanceEvent(aggregates, renderer, transmitter, clock, runnerLogger, options.retry, options.random);
    this.schedule = new VersionedCollection(readModels, EVENT_TRANSMISSION_SCHEDULE_COLLECTION, eventTransmissionScheduleProjection.name, versions);
    this.scheduler = new EventTransmissionScheduler(this.schedule, this.transmit, clock, runnerLogger, { intervalMs: options.schedulerIntervalMs });
    const checkpoints = readModels.checkpoints;
    this.runners = [
      new SubscriptionRunner(eventStore, checkpoints, new EventTransmissionProcessManager(this.transmit), runnerLogger, { checkpointEvery: 100 }),
      new SubscriptionRunner(eventStore, checkpoints, liveProjection(eventTransmissionScheduleProjection, readModels, versions), runnerLogger, { checkpointEvery: 100 }),
    ];
  }
}
