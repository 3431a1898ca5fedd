import type { MessageListQuery } from '../../application/messages/list-messages.ts';
import type { RowPosition } from '../../application/ports/read-model-store.ts';
import { MESSAGE_STATUSES } from '../../domain/messages/message-status.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { singleParameter } from '../documents/list-filters.ts';
import { parseLimit } from '../http/list-limit.ts';
import { problems } from '../http/problem.ts';
import { decodeSignedCursor, encodeSignedCursor } from '../http/signed-cursor.ts';

const KNOWN = ['status', 'limit', 'cursor'];
const CURSOR_LIST = 'messages';

/** The next page's cursor: the position and the status filter, so it only continues the same query. */
export const messagesCursor = (position: RowPosition, status: string | undefined) =>
  encodeSignedCursor(CURSOR_LIST, { v: 1, k: position.values, i: position.id, s: status ?? null });

function decodePosition(text: string): { after: RowPosition; status: string | undefined } | null {
  const parsed = decodeSignedCursor(CURSOR_LIST, text);
  if (!parsed || parsed.v !== 1 || typeof parsed.i !== 'string' || !Array.isArray(parsed.k) || parsed.k.length !== 1 || typeof parsed.k[0] !== 'string') return null;
  if (parsed.s !== null && typeof parsed.s !== 'string') return null;
  return { after: { values: [parsed.k[0]], id: parsed.i }, status: parsed.s ?? undefined };
}

/** GET /v1/messages's parameters: anything malformed, out of range or unknown → 400 validation_failed naming it. */
export function parseMessageListQuery(query: Record<string, unknown>): MessageListQuery {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.includes(name)) issues.push({ field: name, message: `is not a known parameter (${KNOWN.join(', ')})` });
  const single = singleParameter(query, issues);
  const cursorText = single('cursor');
  const cursor = cursorText === undefined ? undefined : decodePosition(cursorText);
  if (cursor === null) issues.push({ field: 'cursor', message: 'is not a cursor this service issued; pass next_cursor exactly as received' });
  const given = single('status');
  if (cursor && given !== undefined && given !== cursor.status) issues.push({ field: 'cursor', message: 'belongs to a query with another status; keep status as it was, or leave it out' });
  const status = cursor ? cursor.status : given;
  if (status !== undefined && !(MESSAGE_STATUSES as readonly string[]).includes(status)) {
    issues.push({ field: 'status', message: `must be one of ${MESSAGE_STATUSES.join(', ')}; got "${status}"` });
  }
  const limit = parseLimit(single('limit'), issues);
  if (issues.length > 0) throw problems.validation('invalid query parameters', issues, 400);
  return { status, limit, ...(cursor && { after: cursor.after }) };
}
