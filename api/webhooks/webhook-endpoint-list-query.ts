import { changeSequenceOf } from '../../application/invoice-management/change-sequence.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';
import { decodeCursor, encodeCursor } from '../invoice-management/cursor-codec.ts';

const KNOWN = new Set(['limit', 'cursor']);
const DEFAULT_LIMIT = 25;

/** The cursor of the page after the endpoint at place `next` of the registry. */
export const endpointsCursor = (next: number) => encodeCursor({ after: changeSequenceOf(BigInt(next)) }, 'webhook-endpoints');

/** Query parameters of GET /v1/webhook-endpoints, as seed 001's lists take them; anything else → 400 validation_failed. */
export function parseEndpointListQuery(query: Record<string, unknown>): { limit: number; after?: number } {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.has(name)) issues.push({ field: name, message: 'is not a known parameter (limit, cursor)' });
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined || typeof value === 'string') return value;
    issues.push({ field: name, message: 'must be given once' });
    return undefined;
  };
  const cursorText = single('cursor');
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText, 'webhook-endpoints');
  if (cursor === null) issues.push({ field: 'cursor', message: 'is not a cursor this service issued; pass next_cursor exactly as received' });
  const limitText = single('limit');
  const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
  if (limitText !== undefined && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > 100)) {
    issues.push({ field: 'limit', message: `must be a whole number from 1 to 100; got "${limitText}"` });
  }
  if (issues.length > 0) throw problems.validation('invalid query parameters', issues, 400);
  return { limit, ...(cursor && { after: Number(cursor.after) }) };
}
