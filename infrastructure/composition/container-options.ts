import type { Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider } from '../../application/ports/document-provider.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { MailTransport } from '../../application/ports/mail-transport.ts';
import type { SoftwareIdentities } from '../../application/ports/software-identity.ts';
import type { CircuitOptions } from '../../application/providers/circuit-breaker-provider.ts';
import type { SubmissionRetryPolicy } from '../../application/submission/submission-retry-policy.ts';
import type { DianWebServices } from '../dian/web-services/dian-web-services.ts';
import type { RenderRunner } from '../rendering/threads/render-runner.ts';
import type { HostResolver } from '../webhooks/dns-webhook-url-check.ts';
import type { WebhookDeliveryDependencies } from './webhook-delivery-module.ts';

/** What tests and benchmarks may replace in the container: the clock, ids, the provider, transports, intervals. */
export interface ContainerOptions {
  clock?: Clock;
  ids?: IdGenerator;
  provider?: DocumentProvider;
  submissionConcurrency?: number;
  mailTransport?: MailTransport;
  messagesSchedulerIntervalMs?: number;
  acceptanceSchedulerIntervalMs?: number;
  submissionRetry?: SubmissionRetryPolicy;
  /** Jitter source of the submission back-off. */
  submissionRandom?: () => number;
  submissionSchedulerIntervalMs?: number;
  providerCircuit?: CircuitOptions;
  /** Each company's DIAN software (event CUDEs, security codes); the sandbox's when absent. */
  softwareIdentities?: SoftwareIdentities;
  /** DIAN's web services (the SOAP client over DIAN_URL by default, a double in tests): documents and acceptance events with PROVIDER=dian. */
  dianWebServices?: DianWebServices;
  /** Send the companies' own acceptance events to DIAN; by default when PROVIDER=dian. */
  sendAcceptanceEventsToDian?: boolean;
  /** Back-off of acceptance events while DIAN is unavailable. */
  dianEventsRetry?: SubmissionRetryPolicy;
  /** Where webhook URLs' hosts resolve to (the system resolver by default). */
  webhookHostResolver?: HostResolver;
  /** Webhook delivery: the endpoint directory and the objects (doubles in tests), a transport, the poll interval. */
  webhooks?: Partial<Pick<WebhookDeliveryDependencies, 'directory' | 'objects' | 'transport' | 'schedulerIntervalMs' | 'poolLimits'>>;
  /** The render threads to hand files to: another thread's, over a port (the workers thread); this thread's own pool by default. */
  renderRunner?: RenderRunner;
}
