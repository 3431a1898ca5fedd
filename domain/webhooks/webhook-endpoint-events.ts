/**
 * How a webhook secret is kept: sealed with SECRETS_KEY, or (only in the test environment, when SECRETS_KEY is unset)
 * in the clear, which the live environment never accepts.
 */
export interface KeptWebhookSecret {
  protection: 'sealed' | 'clear-test-only';
  value: string;
}

/** Why an endpoint is disabled: its company asked, it answered 410 Gone, or every delivery failed for 3 days. */
export type DisabledReason = 'requested' | 'gone' | 'failing';

/** The events of a company's endpoint registry (one stream per company and environment). */
export type WebhookEndpointEvent =
  | {
      type: 'WebhookEndpointCreated';
      data: { endpointId: string; url: string; events: string[]; description: string | null; secret: KeptWebhookSecret; at: string };
    }
  | { type: 'WebhookEndpointUpdated'; data: { endpointId: string; url: string; events: string[]; description: string | null; at: string } }
  /** The new secret signs from `at`; the one it replaces keeps signing beside it for 24 hours. */
  | { type: 'WebhookEndpointSecretRotated'; data: { endpointId: string; secret: KeptWebhookSecret; at: string } }
  /** The same secrets sealed again (with the key that replaced SECRETS_KEY's, or sealed at last when kept in the clear): not a change the company sees. */
  | { type: 'WebhookEndpointSecretResealed'; data: { endpointId: string; secret: KeptWebhookSecret; previousSecret: KeptWebhookSecret | null; at: string } }
  | { type: 'WebhookEndpointDisabled'; data: { endpointId: string; reason: DisabledReason; at: string } }
  /** Enabled again; it is no longer failing. */
  | { type: 'WebhookEndpointEnabled'; data: { endpointId: string; at: string } }
  | { type: 'WebhookEndpointDeleted'; data: { endpointId: string; at: string } }
  /** The first failed delivery after a success (or since creation): `since` is when it failed. */
  | { type: 'WebhookEndpointFailing'; data: { endpointId: string; since: string } }
  | { type: 'WebhookEndpointRecovered'; data: { endpointId: string; at: string } };
