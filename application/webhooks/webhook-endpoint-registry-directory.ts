import { endpointIn, secretsSigningAt } from '../../domain/webhooks/webhook-endpoint-registry-state.ts';
import { subscribesTo } from '../../domain/webhooks/webhook-event-types.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { WebhookEndpoint, WebhookEndpointDirectory } from './webhook-endpoint.ts';
import { endpointView, type WebhookEndpointRegistries } from './webhook-endpoint-registries.ts';
import type { WebhookSecrets } from './webhook-secrets.ts';

const systemContext = (tenantId: string, environment: string, endpointId: string): RequestContext => ({
  tenantId,
  environment,
  actor: 'system:webhooks',
  correlationId: `webhook-endpoint-${endpointId}`,
});

/**
 * The delivery side's view of the endpoint registries. Delivery outcomes are written only when they change something:
 * the first failure after a success, the disabling, the recovery; a success of an endpoint that is not failing writes nothing.
 */
export class WebhookEndpointRegistryDirectory implements WebhookEndpointDirectory {
  constructor(
    private readonly registries: WebhookEndpointRegistries,
    private readonly secrets: WebhookSecrets,
  ) {}

  async subscribersAt(tenantId: string, environment: string, type: string, position: bigint): Promise<WebhookEndpoint[]> {
    const scope = { tenantId, environment };
    const { endpoints } = await this.registries.stateBefore(scope, position);
    return endpoints.filter((endpoint) => endpoint.disabledReason === null && subscribesTo(endpoint.events, type)).map((endpoint) => endpointView(endpoint, scope));
  }

  async find(tenantId: string, environment: string, id: string): Promise<WebhookEndpoint | undefined> {
    const scope = { tenantId, environment };
    const endpoint = endpointIn(await this.registries.state(scope), id);
    return endpoint && endpointView(endpoint, scope);
  }

  /** Opened secrets, newest first; none once the endpoint is deleted. */
  async signingSecrets(tenantId: string, environment: string, id: string, now: Date): Promise<string[]> {
    const endpoint = endpointIn(await this.registries.state({ tenantId, environment }), id);
    return endpoint ? secretsSigningAt(endpoint, now).map((kept) => this.secrets.open(kept)) : [];
  }

  async recordSuccess(tenantId: string, environment: string, id: string, at: Date): Promise<void> {
    await this.registries.handle({ type: 'RecordDeliverySuccess', endpointId: id, now: at }, systemContext(tenantId, environment, id));
  }

  async recordFailure(tenantId: string, environment: string, id: string, at: Date, gone: boolean): Promise<void> {
    await this.registries.handle({ type: 'RecordDeliveryFailure', endpointId: id, gone, now: at }, systemContext(tenantId, environment, id));
  }
}
