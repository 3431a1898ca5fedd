import { webhookEndpointRegistryDecider, type WebhookEndpointCommand } from '../../domain/webhooks/webhook-endpoint-registry.ts';
import type { RegisteredEndpoint, WebhookEndpointRegistryState } from '../../domain/webhooks/webhook-endpoint-registry-state.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import { ConcurrencyError, type EventStore } from '../ports/event-store.ts';
import { FoldedAsOf } from '../event-sourcing/folded-as-of.ts';
import { fold } from './stream-as-of.ts';
import type { WebhookEndpoint } from './webhook-endpoint.ts';
import { webhookEndpointsStreamId } from './webhook-endpoint-stream.ts';

/** A company in one environment: whose registry. */
export interface RegistryScope {
  tenantId: string;
  environment: string;
}

// Each round is the aggregate store's own bounded retries; a burst of delivery outcomes may need a few.
const CONFLICT_ROUNDS = 4;

/** The registry streams of the companies' webhook endpoints: read now, read as of a log position, and changed. */
export class WebhookEndpointRegistries {
  private readonly asOf: FoldedAsOf<WebhookEndpointRegistryState>;

  constructor(
    private readonly aggregates: AggregateStore,
    eventStore: EventStore,
  ) {
    this.asOf = new FoldedAsOf(eventStore, (events) => fold(webhookEndpointRegistryDecider, events));
  }

  async state({ tenantId, environment }: RegistryScope): Promise<WebhookEndpointRegistryState> {
    return (await this.aggregates.load(webhookEndpointsStreamId(tenantId, environment), webhookEndpointRegistryDecider)).state;
  }

  /** The registry folded from the events recorded before `position` of the log only. */
  stateBefore({ tenantId, environment }: RegistryScope, position: bigint): Promise<WebhookEndpointRegistryState> {
    return this.asOf.before(webhookEndpointsStreamId(tenantId, environment), position);
  }

  /** Decides and appends; a write that keeps meeting concurrent ones is decided afresh a few rounds before giving up. */
  async handle(command: WebhookEndpointCommand, context: RequestContext): Promise<WebhookEndpointRegistryState> {
    for (let round = 1; ; round += 1) {
      try {
        const streamId = webhookEndpointsStreamId(context.tenantId, context.environment);
        return (await this.aggregates.handle(streamId, webhookEndpointRegistryDecider, command, context)).state;
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || round >= CONFLICT_ROUNDS) throw error;
      }
    }
  }
}

/** An endpoint as its company sees it, without its secrets. */
export function endpointView(endpoint: RegisteredEndpoint, { tenantId, environment }: RegistryScope): WebhookEndpoint {
  return {
    id: endpoint.endpointId,
    tenantId,
    environment,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    disabled: endpoint.disabledReason !== null,
    disabledReason: endpoint.disabledReason,
    failingSince: endpoint.failingSince,
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}
