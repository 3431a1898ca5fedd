import { createHash } from 'node:crypto';

const checksum = (payload: string, list: string) => createHash('sha256').update(`${list}-cursor|${payload}`).digest('base64url').slice(0, 10);

/**
 * Opaque to clients: base64url JSON plus a checksum that names the list, so a truncated or invented cursor, or one of
 * another list, is told apart from one this service issued.
 */
export function encodeSignedCursor(list: string, content: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(content)).toString('base64url');
  return `${payload}.${checksum(payload, list)}`;
}

/** The JSON object a cursor of `list` carries, or null for anything this service did not issue for that list. */
export function decodeSignedCursor(list: string, cursor: string): Record<string, unknown> | null {
  const [payload, sum, extra] = cursor.split('.');
  if (!payload || extra !== undefined || sum !== checksum(payload, list)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
