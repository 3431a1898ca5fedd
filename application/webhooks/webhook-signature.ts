import { createHmac } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** The key of a `whsec_…` secret: the base64 after the prefix, decoded (Standard Webhooks). */
export function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` for one secret. */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', secretBytes(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature per valid secret, newest first, separated by spaces. */
export function webhookSignature(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signatureOf(secret, id, timestamp, body)).join(' ');
}
