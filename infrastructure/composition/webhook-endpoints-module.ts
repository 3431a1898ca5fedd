import type { AggregateStore } from '../../application/event-sourcing/aggregate-store.ts';
import type { Clock } from '../../application/ports/clock.ts';
import type { EventStore } from '../../application/ports/event-store.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { SecretCipher } from '../../application/ports/secret-cipher.ts';
import type { WebhookUrlCheck } from '../../application/ports/webhook-url-check.ts';
import { WebhookEndpointRegistries } from '../../application/webhooks/webhook-endpoint-registries.ts';
import { WebhookEndpointRegistryDirectory } from '../../application/webhooks/webhook-endpoint-registry-directory.ts';
import { WebhookEndpointUseCases } from '../../application/webhooks/webhook-endpoint-use-cases.ts';
import { WebhookSecrets } from '../../application/webhooks/webhook-secrets.ts';
import { DnsWebhookUrlCheck, type HostResolver } from '../webhooks/dns-webhook-url-check.ts';

interface WebhookEndpointsDependencies {
  aggregates: AggregateStore;
  eventStore: EventStore;
  /** Seals the endpoints' secrets with SECRETS_KEY. */
  cipher: SecretCipher;
  clock: Clock;
  ids: IdGenerator;
  /** WEBHOOKS_ALLOW_PRIVATE: any http(s) URL is taken (development, tests). */
  allowPrivate: boolean;
  /** Replaces the system resolver the URL policy asks (tests). */
  resolve?: HostResolver;
}

/** The companies' webhook endpoints wired: the use cases of the API and CLI, the directory delivery reads, the URL policy. */
export class WebhookEndpointsModule {
  readonly registries: WebhookEndpointRegistries;
  readonly secrets: WebhookSecrets;
  readonly urlCheck: WebhookUrlCheck;
  readonly useCases: WebhookEndpointUseCases;
  /** The WebhookEndpointDirectory of the delivery side. */
  readonly directory: WebhookEndpointRegistryDirectory;

  constructor({ aggregates, eventStore, cipher, clock, ids, allowPrivate, resolve }: WebhookEndpointsDependencies) {
    this.registries = new WebhookEndpointRegistries(aggregates, eventStore);
    this.secrets = new WebhookSecrets(cipher, eventStore, ids, clock);
    this.urlCheck = new DnsWebhookUrlCheck({ allowPrivate, resolve });
    this.useCases = new WebhookEndpointUseCases(this.registries, this.secrets, this.urlCheck, clock, ids);
    this.directory = new WebhookEndpointRegistryDirectory(this.registries, this.secrets);
  }
}
