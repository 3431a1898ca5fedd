import { createHash } from 'node:crypto';
import { CHANGE_SEQUENCE } from '../../application/invoice-management/change-sequence.ts';

/** Where a page starts and the filters it was asked with: a cursor only continues the query that produced it. */
interface CursorContent {
  after: string;
  status?: string;
  updatedSince?: string;
}

/** Which list a cursor pages: a cursor of one list is no cursor of another. */
type CursorList = 'invoices' | 'webhook-endpoints';

const checksum = (payload: string, list: CursorList) => createHash('sha256').update(`${list}-cursor|${payload}`).digest('base64url').slice(0, 10);

/** Opaque to clients: base64url JSON plus a checksum, so a truncated or invented cursor is told apart from a real one. */
export function encodeCursor(content: CursorContent, list: CursorList = 'invoices'): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, a: content.after, s: content.status, u: content.updatedSince })).toString('base64url');
  return `${payload}.${checksum(payload, list)}`;
}

/** The content of a cursor this service issued for `list`, or null for anything else. */
export function decodeCursor(cursor: string, list: CursorList = 'invoices'): CursorContent | null {
  const [payload, sum, extra] = cursor.split('.');
  if (!payload || extra !== undefined || sum !== checksum(payload, list)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (parsed.v !== 1 || typeof parsed.a !== 'string' || !CHANGE_SEQUENCE.test(parsed.a)) return null;
    const optional = (value: unknown) => (typeof value === 'string' ? value : undefined);
    return { after: parsed.a, status: optional(parsed.s), updatedSince: optional(parsed.u) };
  } catch {
    return null;
  }
}
