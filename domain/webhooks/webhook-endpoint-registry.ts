import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { KeptWebhookSecret, WebhookEndpointEvent } from './webhook-endpoint-events.ts';
import { WebhookEndpointNotFoundError, WebhookEndpointValidationError } from './webhook-endpoint-errors.ts';
import { endpointIn, evolveRegistry, initialRegistryState, type RegisteredEndpoint, type WebhookEndpointRegistryState } from './webhook-endpoint-registry-state.ts';
import { endpointFieldIssues, MAX_ENDPOINTS, type EndpointFields } from './webhook-endpoint-rules.ts';

/** An endpoint failing for this long without one successful delivery is disabled. */
export const FAILING_DISABLES_AFTER_MS = 3 * 24 * 3_600_000;

export type WebhookEndpointCommand =
  | {
      type: 'CreateEndpoint';
      environment: string;
      endpointId: string;
      url: string;
      events: string[];
      description: string | null;
      secret: KeptWebhookSecret;
      now: Date;
    }
  /** A PATCH: absent fields stay as they are; `disabled` false enables (and clears failing), true disables as requested. */
  | { type: 'UpdateEndpoint'; endpointId: string; url?: string; events?: string[]; description?: string | null; disabled?: boolean; now: Date }
  | { type: 'RotateSecret'; environment: string; endpointId: string; secret: KeptWebhookSecret; now: Date }
  /** The same secrets sealed again; `previousSecret` null leaves the one a rotation replaced as it is kept. */
  | { type: 'ResealSecrets'; endpointId: string; secret: KeptWebhookSecret; previousSecret: KeptWebhookSecret | null; now: Date }
  | { type: 'DeleteEndpoint'; endpointId: string; now: Date }
  /** Delivery outcomes: about an endpoint deleted meanwhile they decide nothing. */
  | { type: 'RecordDeliveryFailure'; endpointId: string; gone: boolean; now: Date }
  | { type: 'RecordDeliverySuccess'; endpointId: string; now: Date };

function checked(fields: EndpointFields): void {
  const issues = endpointFieldIssues(fields);
  if (issues.length > 0) throw new WebhookEndpointValidationError(issues);
}

function keptForEnvironment(secret: KeptWebhookSecret, environment: string): void {
  if (secret.protection !== 'sealed' && environment !== 'test') throw new DomainError('validation_failed', 'a webhook secret of the live environment must be sealed');
}

function existing(state: WebhookEndpointRegistryState, endpointId: string): RegisteredEndpoint {
  const endpoint = endpointIn(state, endpointId);
  if (!endpoint) throw new WebhookEndpointNotFoundError(endpointId);
  return endpoint;
}

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((type, index) => type === b[index]);

function decideUpdate(command: Extract<WebhookEndpointCommand, { type: 'UpdateEndpoint' }>, endpoint: RegisteredEndpoint): WebhookEndpointEvent[] {
  const { endpointId, url = endpoint.url, events = endpoint.events, description = endpoint.description, disabled } = command;
  checked({ url, events, description });
  const at = command.now.toISOString();
  const decided: WebhookEndpointEvent[] = [];
  if (url !== endpoint.url || !sameEvents(events, endpoint.events) || description !== endpoint.description) {
    decided.push({ type: 'WebhookEndpointUpdated', data: { endpointId, url, events, description, at } });
  }
  if (disabled === true && endpoint.disabledReason === null) decided.push({ type: 'WebhookEndpointDisabled', data: { endpointId, reason: 'requested', at } });
  if (disabled === false && endpoint.disabledReason !== null) decided.push({ type: 'WebhookEndpointEnabled', data: { endpointId, at } });
  return decided;
}

function decideFailure(endpoint: RegisteredEndpoint, gone: boolean, now: Date): WebhookEndpointEvent[] {
  const { endpointId } = endpoint;
  const at = now.toISOString();
  if (endpoint.disabledReason !== null) return [];
  if (gone) return [{ type: 'WebhookEndpointDisabled', data: { endpointId, reason: 'gone', at } }];
  if (endpoint.failingSince === null) return [{ type: 'WebhookEndpointFailing', data: { endpointId, since: at } }];
  if (now.getTime() - Date.parse(endpoint.failingSince) >= FAILING_DISABLES_AFTER_MS) return [{ type: 'WebhookEndpointDisabled', data: { endpointId, reason: 'failing', at } }];
  return [];
}

function decideReseal(command: Extract<WebhookEndpointCommand, { type: 'ResealSecrets' }>, endpoint: RegisteredEndpoint): WebhookEndpointEvent[] {
  const { endpointId, secret, previousSecret } = command;
  if ([secret, previousSecret].some((kept) => kept !== null && kept.protection !== 'sealed')) {
    throw new DomainError('validation_failed', 'a webhook secret is sealed again, never kept in the clear');
  }
  if (previousSecret && !endpoint.previousSecret) throw new DomainError('validation_failed', `webhook endpoint ${endpointId} keeps no previous secret`);
  const unchanged = secret.value === endpoint.secret.value && (!previousSecret || previousSecret.value === endpoint.previousSecret?.secret.value);
  return unchanged ? [] : [{ type: 'WebhookEndpointSecretResealed', data: { endpointId, secret, previousSecret, at: command.now.toISOString() } }];
}

/**
 * The webhook endpoints of one company in one environment (stream `webhookEndpoints-<tenantId>.<environment>`): at most
 * 16, each with its URL, the event types it takes, its secrets and whether deliveries to it are failing.
 */
export const webhookEndpointRegistryDecider: Decider<WebhookEndpointCommand, WebhookEndpointEvent, WebhookEndpointRegistryState> = {
  initialState: initialRegistryState,
  decide(command, state) {
    const at = command.now.toISOString();
    switch (command.type) {
      case 'CreateEndpoint': {
        const { environment, endpointId, url, events, description, secret } = command;
        checked({ url, events, description });
        keptForEnvironment(secret, environment);
        if (endpointIn(state, endpointId)) throw new DomainError('already_exists', `webhook endpoint ${endpointId} already exists`);
        if (state.endpoints.length >= MAX_ENDPOINTS) {
          throw new DomainError('webhook_endpoint_limit', `a company has at most ${MAX_ENDPOINTS} webhook endpoints per environment; delete one first`, { limit: MAX_ENDPOINTS });
        }
        return [{ type: 'WebhookEndpointCreated', data: { endpointId, url, events, description, secret, at } }];
      }
      case 'UpdateEndpoint':
        return decideUpdate(command, existing(state, command.endpointId));
      case 'RotateSecret':
        existing(state, command.endpointId);
        keptForEnvironment(command.secret, command.environment);
        return [{ type: 'WebhookEndpointSecretRotated', data: { endpointId: command.endpointId, secret: command.secret, at } }];
      case 'ResealSecrets':
        return decideReseal(command, existing(state, command.endpointId));
      case 'DeleteEndpoint':
        existing(state, command.endpointId);
        return [{ type: 'WebhookEndpointDeleted', data: { endpointId: command.endpointId, at } }];
      case 'RecordDeliveryFailure': {
        const endpoint = endpointIn(state, command.endpointId);
        return endpoint ? decideFailure(endpoint, command.gone, command.now) : [];
      }
      case 'RecordDeliverySuccess': {
        const endpoint = endpointIn(state, command.endpointId);
        return endpoint?.failingSince ? [{ type: 'WebhookEndpointRecovered', data: { endpointId: command.endpointId, at } }] : [];
      }
    }
  },
  evolve: evolveRegistry,
};
