import type { RowPosition } from '../../application/ports/read-model-store.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { singleParameter } from '../documents/list-filters.ts';
import { problems } from '../http/problem.ts';
import { decodeSignedCursor, encodeSignedCursor } from '../http/signed-cursor.ts';

const KNOWN = ['limit', 'cursor'];
const DEFAULT_LIMIT = 25;
const CURSOR_LIST = 'audit-verifications';

export const verificationsCursor = (position: RowPosition) => encodeSignedCursor(CURSOR_LIST, { v: 1, k: position.values, i: position.id });

function decodePosition(text: string): RowPosition | null {
  const parsed = decodeSignedCursor(CURSOR_LIST, text);
  if (!parsed || parsed.v !== 1 || typeof parsed.i !== 'string' || !Array.isArray(parsed.k) || parsed.k.length !== 1 || typeof parsed.k[0] !== 'string') return null;
  return { values: [parsed.k[0]], id: parsed.i };
}

/** GET /v1/audit/verifications's parameters, as the /v1 lists take them; anything else → 400 validation_failed. */
export function parseVerificationListQuery(query: Record<string, unknown>): { limit: number; after?: RowPosition } {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.includes(name)) issues.push({ field: name, message: `is not a known parameter (${KNOWN.join(', ')})` });
  const single = singleParameter(query, issues);
  const cursorText = single('cursor');
  const after = cursorText === undefined ? undefined : decodePosition(cursorText);
  if (after === null) issues.push({ field: 'cursor', message: 'is not a cursor this service issued; pass next_cursor exactly as received' });
  const limit = parseLimit(single('limit'), issues, DEFAULT_LIMIT);
  if (issues.length > 0) throw problems.validation('invalid query parameters', issues, 400);
  return { limit, ...(after && { after }) };
}

/** `limit` of the /v1 lists: 1 to 100. */
export function parseLimit(text: string | undefined, issues: ValidationIssue[], fallback: number): number {
  if (text === undefined) return fallback;
  const limit = Number(text);
  if (!/^\d{1,3}$/.test(text) || limit < 1 || limit > 100) issues.push({ field: 'limit', message: `must be a whole number from 1 to 100; got "${text}"` });
  return limit;
}
