/** An endpoint as its company sees it (never with its secrets). */
export interface WebhookEndpoint {
  id: string;
  tenantId: string;
  environment: string;
  url: string;
  /** Event types, or `["*"]`. */
  events: string[];
  description: string | null;
  disabled: boolean;
  /** Why it is disabled: `requested` (PATCH or CLI), `gone` (it answered 410), `failing` (3 days of failures). */
  disabledReason: 'requested' | 'gone' | 'failing' | null;
  /** Since when every delivery has failed; null once one succeeds. */
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the delivery side asks of the companies' endpoints. */
export interface WebhookEndpointDirectory {
  /**
   * The company's enabled endpoints that subscribe to `type`, as they stood when the event at `position` of the log
   * was recorded: an endpoint created (or re-enabled) later does not get it, one deleted or disabled later does.
   */
  subscribersAt(tenantId: string, environment: string, type: string, position: bigint): Promise<WebhookEndpoint[]>;
  /** The endpoint as it stands now; undefined once deleted or for another company's id. */
  find(tenantId: string, environment: string, id: string): Promise<WebhookEndpoint | undefined>;
  /** The secrets that sign at `now`, opened (`whsec_…`): the newest first, then the one it replaced within 24 h of the rotation. */
  signingSecrets(tenantId: string, environment: string, id: string, now: Date): Promise<string[]>;
  /** A delivery succeeded: the endpoint is no longer failing. */
  recordSuccess(tenantId: string, environment: string, id: string, at: Date): Promise<void>;
  /** A delivery failed: disables the endpoint at once when `gone` (410), or once it has been failing for 3 days. */
  recordFailure(tenantId: string, environment: string, id: string, at: Date, gone: boolean): Promise<void>;
}
