import type { WebhookEndpoint, WebhookEndpointDirectory } from '../../../application/webhooks/webhook-endpoint.ts';
import { subscribesTo } from '../../../domain/webhooks/webhook-event-types.ts';

interface Entry {
  endpoint: WebhookEndpoint;
  secrets: string[];
  /** Log position when it was created: it takes only events after it. */
  since: bigint;
  deleted: boolean;
}

/** A secret as helper A's registry opens them: `whsec_` and base64 of 24 bytes. */
export const testSecret = (seed: string) => `whsec_${Buffer.from(seed.padEnd(24, '.').slice(0, 24)).toString('base64')}`;

/** The endpoint directory in memory, for the delivery side's tests: it records every success and failure it is told. */
export class InMemoryWebhookDirectory implements WebhookEndpointDirectory {
  readonly successes: Array<{ endpointId: string; at: string }> = [];
  readonly failures: Array<{ endpointId: string; at: string; gone: boolean }> = [];
  private readonly entries = new Map<string, Entry>();

  add(fields: Pick<WebhookEndpoint, 'id' | 'tenantId' | 'url'> & Partial<WebhookEndpoint>, options: { secrets?: string[]; since?: bigint } = {}): WebhookEndpoint {
    const endpoint: WebhookEndpoint = {
      environment: 'test',
      events: ['*'],
      description: null,
      disabled: false,
      disabledReason: null,
      failingSince: null,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-01T00:00:00.000Z',
      ...fields,
    };
    this.entries.set(endpoint.id, { endpoint, secrets: options.secrets ?? [testSecret(endpoint.id)], since: options.since ?? 0n, deleted: false });
    return endpoint;
  }

  disable(id: string, reason: WebhookEndpoint['disabledReason'] = 'requested'): void {
    const entry = this.entries.get(id)!;
    entry.endpoint = { ...entry.endpoint, disabled: true, disabledReason: reason };
  }

  delete(id: string): void {
    this.entries.get(id)!.deleted = true;
  }

  endpoint(id: string): WebhookEndpoint {
    return this.entries.get(id)!.endpoint;
  }

  async subscribersAt(tenantId: string, environment: string, type: string, position: bigint): Promise<WebhookEndpoint[]> {
    return [...this.entries.values()]
      .filter(({ endpoint, since, deleted }) => !deleted && !endpoint.disabled && since < position && endpoint.tenantId === tenantId && endpoint.environment === environment)
      .filter(({ endpoint }) => subscribesTo(endpoint.events, type))
      .map(({ endpoint }) => endpoint);
  }

  async find(tenantId: string, environment: string, id: string): Promise<WebhookEndpoint | undefined> {
    const entry = this.entries.get(id);
    if (!entry || entry.deleted || entry.endpoint.tenantId !== tenantId || entry.endpoint.environment !== environment) return undefined;
    return entry.endpoint;
  }

  async signingSecrets(_tenantId: string, _environment: string, id: string): Promise<string[]> {
    return this.entries.get(id)?.secrets ?? [];
  }

  async recordSuccess(_tenantId: string, _environment: string, id: string, at: Date): Promise<void> {
    this.successes.push({ endpointId: id, at: at.toISOString() });
  }

  async recordFailure(_tenantId: string, _environment: string, id: string, at: Date, gone: boolean): Promise<void> {
    this.failures.push({ endpointId: id, at: at.toISOString(), gone });
    if (gone) this.disable(id, 'gone');
  }
}
