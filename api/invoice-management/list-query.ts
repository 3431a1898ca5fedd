import type { InvoiceListQuery } from '../../application/invoice-management/list-invoices.ts';
import { INVOICE_STATUSES, isInvoiceStatus, type InvoiceStatus } from '../../application/invoice-management/invoice-status.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';
import { decodeCursor } from './cursor-codec.ts';
import { parseTimestamp } from '../../domain/shared/timestamp.ts';

const KNOWN = new Set(['status', 'updated_since', 'limit', 'cursor']);
const DEFAULT_LIMIT = 25;

interface ParsedListQuery extends InvoiceListQuery {
  /** The filters as given, to carry in the next cursor. */
  filters: { status?: string; updatedSince?: string };
}

/** Query parameters of GET /v1/invoices; anything malformed, out of range or unknown → 400 validation_failed. */
export function parseListQuery(query: Record<string, unknown>): ParsedListQuery {
  const issues: ValidationIssue[] = [];
  for (const name of Object.keys(query)) if (!KNOWN.has(name)) issues.push({ field: name, message: 'is not a known parameter (status, updated_since, limit, cursor)' });
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    issues.push({ field: name, message: 'must be given once' });
    return undefined;
  };

  const cursorText = single('cursor');
  const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
  if (cursor === null) issues.push({ field: 'cursor', message: 'is not a cursor this service issued; pass next_cursor exactly as received' });
  const status = single('status') ?? cursor?.status;
  if (status !== undefined && !isInvoiceStatus(status)) issues.push({ field: 'status', message: `must be one of ${INVOICE_STATUSES.join(', ')}; got "${status}"` });
  const updatedSinceText = single('updated_since') ?? cursor?.updatedSince;
  const updatedSince = updatedSinceText === undefined ? undefined : parseTimestamp(updatedSinceText);
  if (updatedSince === null) issues.push({ field: 'updated_since', message: `must be an ISO 8601 timestamp with a time zone, e.g. 2026-01-31T14:00:00Z; got "${updatedSinceText}"` });
  const filters = { status, updatedSince: updatedSince?.toISOString() };
  if (cursor && (cursor.status !== filters.status || cursor.updatedSince !== filters.updatedSince)) {
    issues.push({ field: 'cursor', message: 'belongs to a query with other filters; keep status and updated_since as they were, or leave them out' });
  }
  const limitText = single('limit');
  const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText);
  if (limitText !== undefined && (!/^\d{1,3}$/.test(limitText) || limit < 1 || limit > 100)) {
    issues.push({ field: 'limit', message: `must be a whole number from 1 to 100; got "${limitText}"` });
  }
  if (issues.length > 0) throw problems.validation('invalid query parameters', issues, 400);
  return {
    status: status as InvoiceStatus | undefined,
    updatedSince: updatedSince ?? undefined,
    limit,
    after: cursor?.after,
    filters,
  };
}
