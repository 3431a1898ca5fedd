/** One POST of a delivery. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/**
 * How one POST ended: the endpoint answered (any status; a redirect is an answer, never followed), or it could not
 * be reached (refused address, DNS, connection, TLS, timeout).
 */
export type WebhookResponse =
  | { kind: 'answered'; status: number; durationMs: number; excerpt: string }
  | { kind: 'unreachable'; error: string; durationMs: number };

/** Sends deliveries to the companies' endpoints. */
export interface WebhookTransport {
  post(request: WebhookRequest): Promise<WebhookResponse>;
  close(): Promise<void>;
}
