import { createHash } from 'node:crypto';

const checksum = (payload: string) => createHash('sha256').update(`webhook-deliveries-cursor|${payload}`).digest('base64url').slice(0, 10);

/** Opaque to clients: where the next page of one endpoint's deliveries starts, with a checksum. */
export function encodeDeliveryCursor(endpointId: string, before: string): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, e: endpointId, b: before })).toString('base64url');
  return `${payload}.${checksum(payload)}`;
}

/** The position a cursor of this endpoint's list holds, or null for anything else. */
export function decodeDeliveryCursor(endpointId: string, cursor: string): string | null {
  const [payload, sum, extra] = cursor.split('.');
  if (!payload || extra !== undefined || sum !== checksum(payload)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    return parsed.v === 1 && parsed.e === endpointId && typeof parsed.b === 'string' ? parsed.b : null;
  } catch {
    return null;
  }
}
