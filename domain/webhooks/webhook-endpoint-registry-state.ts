import type { DisabledReason, KeptWebhookSecret, WebhookEndpointEvent } from './webhook-endpoint-events.ts';

/** How long the secret a rotation replaces keeps signing beside the new one. */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 3_600_000;

/** One endpoint of the registry, with its secrets as kept (sealed). */
export interface RegisteredEndpoint {
  endpointId: string;
  /** Its place in the registry's creation order, from 1 and never reused: the key of list pages. */
  sequence: number;
  url: string;
  events: string[];
  description: string | null;
  disabledReason: DisabledReason | null;
  /** Since when every delivery has failed; null while deliveries succeed. */
  failingSince: string | null;
  secret: KeptWebhookSecret;
  /** The secret the last rotation replaced, and the instant it stops signing. */
  previousSecret: { secret: KeptWebhookSecret; expiresAt: string } | null;
  createdAt: string;
  /** The last change of its URL, events, description, secret or status (failing and recovering are not changes). */
  updatedAt: string;
}

/** The endpoints of one company in one environment, in creation order; deleted ones are gone. */
export interface WebhookEndpointRegistryState {
  endpoints: RegisteredEndpoint[];
  /** How many endpoints were ever created: the next one's sequence is this plus one. */
  created: number;
}

export const initialRegistryState = (): WebhookEndpointRegistryState => ({ endpoints: [], created: 0 });

export function endpointIn(state: WebhookEndpointRegistryState, endpointId: string): RegisteredEndpoint | undefined {
  return state.endpoints.find((endpoint) => endpoint.endpointId === endpointId);
}

/** The secrets that sign at `now`: the current one, then the one it replaced while that is within its 24 hours. */
export function secretsSigningAt(endpoint: RegisteredEndpoint, now: Date): KeptWebhookSecret[] {
  const previous = endpoint.previousSecret;
  return previous && now.getTime() < Date.parse(previous.expiresAt) ? [endpoint.secret, previous.secret] : [endpoint.secret];
}

function changed(state: WebhookEndpointRegistryState, endpointId: string, change: (endpoint: RegisteredEndpoint) => RegisteredEndpoint) {
  return { ...state, endpoints: state.endpoints.map((endpoint) => (endpoint.endpointId === endpointId ? change(endpoint) : endpoint)) };
}

export function evolveRegistry(state: WebhookEndpointRegistryState, event: WebhookEndpointEvent): WebhookEndpointRegistryState {
  switch (event.type) {
    case 'WebhookEndpointCreated': {
      const { endpointId, url, events, description, secret, at } = event.data;
      const sequence = state.created + 1;
      const endpoint: RegisteredEndpoint = {
        endpointId, sequence, url, events, description, secret, disabledReason: null, failingSince: null, previousSecret: null, createdAt: at, updatedAt: at,
      };
      return { endpoints: [...state.endpoints, endpoint], created: sequence };
    }
    case 'WebhookEndpointUpdated': {
      const { url, events, description, at } = event.data;
      return changed(state, event.data.endpointId, (endpoint) => ({ ...endpoint, url, events, description, updatedAt: at }));
    }
    case 'WebhookEndpointSecretRotated': {
      const { secret, at } = event.data;
      const expiresAt = new Date(Date.parse(at) + PREVIOUS_SECRET_LIFETIME_MS).toISOString();
      return changed(state, event.data.endpointId, (endpoint) => ({ ...endpoint, secret, previousSecret: { secret: endpoint.secret, expiresAt }, updatedAt: at }));
    }
    case 'WebhookEndpointSecretResealed': {
      const { secret, previousSecret } = event.data;
      return changed(state, event.data.endpointId, (endpoint) => ({
        ...endpoint,
        secret,
        previousSecret: endpoint.previousSecret && previousSecret ? { ...endpoint.previousSecret, secret: previousSecret } : endpoint.previousSecret,
      }));
    }
    case 'WebhookEndpointDisabled':
      return changed(state, event.data.endpointId, (endpoint) => ({ ...endpoint, disabledReason: event.data.reason, updatedAt: event.data.at }));
    case 'WebhookEndpointEnabled':
      return changed(state, event.data.endpointId, (endpoint) => ({ ...endpoint, disabledReason: null, failingSince: null, updatedAt: event.data.at }));
    case 'WebhookEndpointDeleted':
      return { ...state, endpoints: state.endpoints.filter((endpoint) => endpoint.endpointId !== event.data.endpointId) };
    case 'WebhookEndpointFailing':
      return changed(state, event.data.endpointId, (endpoint) => ({ ...endpoint, failingSince: event.data.since }));
    case 'WebhookEndpointRecovered':
      return changed(state, event.data.endpointId, (endpoint) => ({ ...endpoint, failingSince: null }));
  }
}
