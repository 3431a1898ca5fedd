import { createHash } from 'node:crypto';

export const MESSAGE_ID = /^msg_[0-9a-f]{32}$/;

export const messageStreamId = (messageId: string) => `message-${messageId}`;
export const brandStreamId = (tenantId: string, slug: string) => `brand-${tenantId}.${slug}`;
export const recipientListStreamId = (tenantId: string) => `recipientList-${tenantId}`;

/** One idempotency key names one message per company and environment, so a reused key finds it by id. */
export function messageIdFor(tenantId: string, environment: string, idempotencyKey: string): string {
  return `msg_${createHash('sha256').update(`${tenantId}\u0000${environment}\u0000${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

export function randomMessageId(uuid: string): string {
  return `msg_${uuid.replace(/-/g, '')}`;
}
