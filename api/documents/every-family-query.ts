import { byIssueDate } from '../../application/documents/document-list-query.ts';
import type { EveryFamilyQuery } from '../../application/documents/list-every-family.ts';
import type { RowPosition } from '../../application/ports/read-model-store.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { parseLimit } from '../http/list-limit.ts';
import { problems } from '../http/problem.ts';
import { decodeSignedCursor, encodeSignedCursor } from '../http/signed-cursor.ts';
import { readDocumentFilters, readFamilies, singleParameter } from './list-filters.ts';

const KNOWN = ['family', 'status', 'number', 'issued_from', 'issued_to', 'limit', 'cursor'];
const FILTERS = ['family', 'status', 'number', 'issued_from', 'issued_to'] as const;
const CURSOR_LIST = 'documents';

type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

/** The filters as given (query parameter names), to carry in the next cursor. */
export interface ParsedEveryFamilyQuery extends EveryFamilyQuery {
  filters: Filters;
}

/** The cursor of the page after `position`: the position and the filters, so it only continues the same query. */
export function everyFamilyCursor(position: RowPosition, filters: Filters): string {
  return encodeSignedCursor(CURSOR_LIST, { v: 1, k: position.values, i: position.id, f: filters });
}

function decodePosition(text: string): { position: RowPosition; filters: Filters } | null {
  const parsed = decodeSignedCursor(CURSOR_LIST, text);
  if (!parsed || parsed.v !== 1 || typeof parsed.i !== 'string' || !Array.isArray(parsed.k) || typeof parsed.f !== 'object' || parsed.f === null) return null;
  if (parsed.k.length < 1 || parsed.k.length > 2 || !parsed.k.every((value) => typeof value === 'string')) return null;
  return { position: { values: parsed.k as string[], id: parsed.i }, filters: parsed.f as Filters };
}

/** Query parameters of GET /v1/documents, as the /v1 lists take them: anything malformed, out of range or unknown → 400. */
export function parseEveryFamilyQuery(query: Record<string, unknown>): ParsedEveryFamilyQuery {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.includes(name)) issues.push({ field: name, message: `is not a known parameter (${KNOWN.join(', ')})` });
  const single = singleParameter(query, issues);
  const cursorText = single('cursor');
  const cursor = cursorText === undefined ? undefined : decodePosition(cursorText);
  if (cursor === null) issues.push({ field: 'cursor', message: 'is not a cursor this service issued; pass next_cursor exactly as received' });
  // A cursor carries its query's filters: they may be left out, not changed.
  const given: Filters = {};
  for (const name of FILTERS) {
    const value = single(name);
    if (value !== undefined) given[name] = value;
  }
  if (cursor && FILTERS.some((name) => given[name] !== undefined && given[name] !== cursor.filters[name])) {
    issues.push({ field: 'cursor', message: 'belongs to a query with other filters; keep family, status, number, issued_from and issued_to as they were, or leave them out' });
  }
  const filters: Filters = cursor ? { ...cursor.filters } : given;
  const families = readFamilies(filters.family, issues);
  const documentFilters = readDocumentFilters(filters, issues);
  if (cursor && cursor.position.values.length !== (byIssueDate(documentFilters) ? 2 : 1)) {
    issues.push({ field: 'cursor', message: 'is not a cursor this service issued; pass next_cursor exactly as received' });
  }
  const limit = parseLimit(single('limit'), issues);
  if (issues.length > 0) throw problems.validation('invalid query parameters', issues, 400);
  return {
    ...documentFilters,
    families,
    limit,
    after: cursor?.position,
    filters,
  };
}
