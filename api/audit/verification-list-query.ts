import type { RowPosition } from '../../application/ports/read-model-store.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { singleParameter } from '../documents/list-filters.ts';
import { parseLimit } from '../http/list-limit.ts';
import { problems } from '../http/problem.ts';
import { decodeSignedCursor, encodeSignedCursor } from '../http/signed-cursor.ts';

const KNOWN = ['limit', 'cursor'];
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
  const limit = parseLimit(single('limit'), issues);
  if (issues.length > 0) throw problems.validation('invalid query parameters', issues, 400);
  return { limit, ...(after && { after }) };
}
