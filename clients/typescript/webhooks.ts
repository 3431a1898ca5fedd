import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of the request: Node's `req.headers` (IncomingHttpHeaders), a Fetch `Headers`, or a plain object. */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

/** A notification as the service sends it (`data.object` is the resource as its GET showed it after the event). */
export interface WebhookPayload<T = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  environment: 'test' | 'live';
  data: { family?: string; object: T };
}

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, in seconds; default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The current time; for tests. */
  now?: () => Date;
}

export type WebhookVerificationReason = 'missing_header' | 'invalid_timestamp' | 'stale_timestamp' | 'invalid_secret' | 'invalid_body' | 'no_matching_signature';

/** The delivery is not one the service signed with this secret, or not a fresh one. Answer it with a 4xx; do not process it. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookVerificationReason,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

const SECRET_PREFIX = 'whsec_';
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

function header(headers: WebhookHeaders, name: string): string {
  let value: string | string[] | null | undefined;
  if (typeof headers.get === 'function') value = (headers as { get(name: string): string | null }).get(name);
  else value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1] as string | string[] | undefined;
  const text = Array.isArray(value) ? value.join(' ') : value;
  if (text === undefined || text === null || text.trim() === '') throw new WebhookVerificationError('missing_header', `the ${name} header is missing`);
  return text.trim();
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new WebhookVerificationError('invalid_secret', 'the secret must be the endpoint’s whsec_… secret (base64 after the prefix)');
  return key;
}

function bodyBytes(body: unknown): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new WebhookVerificationError('invalid_body', 'pass the raw body as received (a string or a Buffer), not parsed JSON: the signature covers its exact bytes');
}

function checkTimestamp(raw: string, options: VerifyWebhookOptions): number {
  if (!/^\d{1,15}$/.test(raw)) throw new WebhookVerificationError('invalid_timestamp', `the webhook-timestamp header must be unix seconds; got "${raw}"`);
  const timestamp = Number(raw);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  if (now - timestamp > tolerance) throw new WebhookVerificationError('stale_timestamp', `webhook-timestamp ${raw} is ${now - timestamp} s old (tolerance ${tolerance} s)`);
  if (timestamp - now > tolerance) throw new WebhookVerificationError('stale_timestamp', `webhook-timestamp ${raw} is ${timestamp - now} s in the future (tolerance ${tolerance} s)`);
  return timestamp;
}

/** Whether one of the space-separated `v1,<base64>` signatures is `expected` (other versions are ignored). */
function anyMatches(signatures: string, expected: Buffer): boolean {
  return signatures.split(' ').some((signature) => {
    const comma = signature.indexOf(',');
    if (comma === -1 || signature.slice(0, comma) !== 'v1') return false;
    const given = Buffer.from(signature.slice(comma + 1), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * Verifies a webhook delivery (Standard Webhooks) and answers its payload: the `webhook-signature` header must hold a
 * `v1` HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` made with the secret, and the timestamp must be within
 * the tolerance of now. `body` is the raw request body as received: re-serialised JSON does not verify.
 * Throws WebhookVerificationError (with `reason`) otherwise.
 */
export function verifyWebhook<T = Record<string, unknown>>(
  secret: string,
  headers: WebhookHeaders,
  body: string | Buffer | Uint8Array,
  options: VerifyWebhookOptions = {},
): WebhookPayload<T> {
  const id = header(headers, 'webhook-id');
  const rawTimestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  const bytes = bodyBytes(body);
  const timestamp = checkTimestamp(rawTimestamp, options);
  const expected = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.`).update(bytes).digest();
  if (!anyMatches(signatures, expected)) {
    throw new WebhookVerificationError(
      'no_matching_signature',
      'no signature in webhook-signature matches: a wrong secret, or a body changed since it was signed (verify the raw bytes as received)',
    );
  }
  try {
    return JSON.parse(bytes.toString('utf8')) as WebhookPayload<T>;
  } catch {
    throw new WebhookVerificationError('invalid_body', 'the signed body is not JSON');
  }
}
