import { CHANGE_SEQUENCE } from '../../application/invoice-management/change-sequence.ts';
import { decodeSignedCursor, encodeSignedCursor } from '../http/signed-cursor.ts';

/** Where a page starts and the filters it was asked with: a cursor only continues the query that produced it. */
interface CursorContent {
  after: string;
  status?: string;
  updatedSince?: string;
}

/** Which list a cursor pages: a cursor of one list is no cursor of another. */
type CursorList = 'invoices' | 'webhook-endpoints';

/** Opaque to clients: base64url JSON plus a checksum, so a truncated or invented cursor is told apart from a real one. */
export function encodeCursor(content: CursorContent, list: CursorList = 'invoices'): string {
  return encodeSignedCursor(list, { v: 1, a: content.after, s: content.status, u: content.updatedSince });
}

/** The content of a cursor this service issued for `list`, or null for anything else. */
export function decodeCursor(cursor: string, list: CursorList = 'invoices'): CursorContent | null {
  const parsed = decodeSignedCursor(list, cursor);
  if (!parsed || parsed.v !== 1 || typeof parsed.a !== 'string' || !CHANGE_SEQUENCE.test(parsed.a)) return null;
  const optional = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { after: parsed.a, status: optional(parsed.s), updatedSince: optional(parsed.u) };
}
