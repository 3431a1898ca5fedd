import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { WebhookEndpointNotFoundError, WebhookEndpointValidationError } from '../../domain/webhooks/webhook-endpoint-errors.ts';
import { endpointIn, PREVIOUS_SECRET_LIFETIME_MS } from '../../domain/webhooks/webhook-endpoint-registry-state.ts';
import { endpointFieldIssues, type EndpointFields } from '../../domain/webhooks/webhook-endpoint-rules.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import type { WebhookUrlCheck } from '../ports/webhook-url-check.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';
import { endpointView, type RegistryScope, type WebhookEndpointRegistries } from './webhook-endpoint-registries.ts';
import type { WebhookSecrets } from './webhook-secrets.ts';

export interface NewEndpoint {
  url: string;
  events: string[];
  description?: string | null;
}

/** A PATCH of an endpoint: absent fields stay as they are. */
export interface EndpointChange {
  url?: string;
  events?: string[];
  description?: string | null;
  disabled?: boolean;
}

/** An endpoint with the secret that signs its deliveries: answered once, on creation and on rotation. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface EndpointPage {
  endpoints: WebhookEndpoint[];
  /** The place after which the next page starts; null on the last page. */
  next: number | null;
}

/** What a company does with its webhook endpoints (API and CLI): create, list, read, change, delete, rotate the secret. */
export class WebhookEndpointUseCases {
  constructor(
    private readonly registries: WebhookEndpointRegistries,
    private readonly secrets: WebhookSecrets,
    private readonly urls: WebhookUrlCheck,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Records the endpoint; the plain secret is in the answer and nowhere else. */
  async create(input: NewEndpoint, context: RequestContext): Promise<EndpointWithSecret> {
    const description = input.description ?? null;
    await this.check({ url: input.url, events: input.events, description }, context.environment);
    const { plain, written } = await this.secrets.create(context.environment, async (secret) => {
      const endpointId = `we_${this.ids.token(24)}`;
      const command = { type: 'CreateEndpoint' as const, environment: context.environment, endpointId, url: input.url, events: input.events, description, secret, now: this.clock.now() };
      return endpointIn(await this.registries.handle(command, context), endpointId)!;
    });
    return { endpoint: endpointView(written, context), secret: plain };
  }

  /** The endpoints in the order they were created, `limit` at a time, after the place `after` of a previous page. */
  async list(scope: RegistryScope, page: { limit: number; after?: number }): Promise<EndpointPage> {
    const { endpoints } = await this.registries.state(scope);
    const rest = endpoints.filter((endpoint) => page.after === undefined || endpoint.sequence > page.after);
    const shown = rest.slice(0, page.limit);
    return { endpoints: shown.map((endpoint) => endpointView(endpoint, scope)), next: rest.length > page.limit ? shown.at(-1)!.sequence : null };
  }

  async get(scope: RegistryScope, endpointId: string): Promise<WebhookEndpoint> {
    const endpoint = endpointIn(await this.registries.state(scope), endpointId);
    if (!endpoint) throw new WebhookEndpointNotFoundError(endpointId);
    return endpointView(endpoint, scope);
  }

  async update(endpointId: string, change: EndpointChange, context: RequestContext): Promise<WebhookEndpoint> {
    await this.get(context, endpointId);
    await this.check({ url: change.url, events: change.events, description: change.description }, context.environment);
    const state = await this.registries.handle({ type: 'UpdateEndpoint', endpointId, ...change, now: this.clock.now() }, context);
    return endpointView(endpointIn(state, endpointId)!, context);
  }

  async remove(endpointId: string, context: RequestContext): Promise<void> {
    await this.registries.handle({ type: 'DeleteEndpoint', endpointId, now: this.clock.now() }, context);
  }

  /** A new secret signs from now; the one it replaces keeps signing beside it until `previousSecretExpiresAt`. */
  async rotateSecret(endpointId: string, context: RequestContext): Promise<EndpointWithSecret & { previousSecretExpiresAt: string }> {
    await this.get(context, endpointId);
    const now = this.clock.now();
    const { plain, written: state } = await this.secrets.create(context.environment, (secret) =>
      this.registries.handle({ type: 'RotateSecret', environment: context.environment, endpointId, secret, now }, context));
    const endpoint = endpointIn(state, endpointId)!;
    const previousSecretExpiresAt = endpoint.previousSecret?.expiresAt ?? new Date(now.getTime() + PREVIOUS_SECRET_LIFETIME_MS).toISOString();
    return { endpoint: endpointView(endpoint, context), secret: plain, previousSecretExpiresAt };
  }

  /** The rules of the fields, and where the URL leads: every broken one, the URL's first. */
  private async check(fields: EndpointFields, environment: string): Promise<void> {
    const issues: ValidationIssue[] = endpointFieldIssues(fields);
    if (fields.url !== undefined && !issues.some((issue) => issue.field === 'url')) {
      const refusal = await this.urls.refusal(fields.url, environment);
      if (refusal) issues.unshift({ field: 'url', message: refusal });
    }
    if (issues.length > 0) throw new WebhookEndpointValidationError(issues);
  }
}
