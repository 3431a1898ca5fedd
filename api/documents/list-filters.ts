import type { DocumentListFilters } from '../../application/documents/document-list-query.ts';
import type { DocumentFilters } from '../../application/documents/list-documents.ts';
import { familyOfPathName, FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { FAMILIES, familyNamed } from '../../domain/documents/families/index.ts';
import { LISTABLE_STATUSES, type DocumentStatus } from '../../domain/documents/document-status.ts';
import { isCalendarDate } from '../../domain/shared/is-calendar-date.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';

/** A query parameter given once, as a plain value; anything else is an issue naming it. */
export function singleParameter(query: Record<string, unknown>, issues: ValidationIssue[]) {
  return (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      issues.push({ field: name, message: 'must be given once, as a plain value' });
      return undefined;
    }
    return value;
  };
}

/** The families a `family` parameter (a family's path name) selects: that one, or all when it is absent. */
export function readFamilies(value: string | undefined, issues: ValidationIssue[]): DocumentFamily[] {
  if (value === undefined) return [...FAMILIES.values()];
  const name = familyOfPathName(value);
  if (name) return [familyNamed(name)];
  issues.push({ field: 'family', message: `must be one of ${Object.values(FAMILY_PATH_NAMES).join(', ')}; got "${value}"` });
  return [];
}

/** `status`, `number`, `issued_from` and `issued_to`, as every documents list takes them; each bad one is an issue. */
export function readDocumentFilters(query: Record<string, unknown>, issues: ValidationIssue[]): DocumentListFilters {
  const single = singleParameter(query, issues);
  const date = (name: string): string | undefined => {
    const raw = single(name);
    if (raw !== undefined && !isCalendarDate(raw)) issues.push({ field: name, message: `must be a date YYYY-MM-DD; got "${raw}"` });
    return raw;
  };
  const before = issues.length;
  const status = single('status');
  if (status !== undefined && !(LISTABLE_STATUSES as readonly string[]).includes(status)) {
    issues.push({ field: 'status', message: `must be one of ${LISTABLE_STATUSES.join(', ')}; got "${status}"` });
  }
  const number = single('number');
  if (number !== undefined && (number.length === 0 || number.length > 50)) issues.push({ field: 'number', message: 'must be 1 to 50 characters' });
  const issuedFrom = date('issued_from');
  const issuedTo = date('issued_to');
  if (issuedFrom && issuedTo && issues.length === before && issuedFrom > issuedTo) {
    issues.push({ field: 'issued_from', message: `must not be after issued_to (${issuedTo})` });
  }
  return { status: status as DocumentStatus | undefined, number, issuedFrom, issuedTo };
}

/** Parses list query parameters; any invalid one → 422 naming it. */
export function parseListFilters(query: Record<string, unknown>): DocumentFilters {
  const issues: ValidationIssue[] = [];
  const single = singleParameter(query, issues);
  const integer = (name: string, min: number, max: number, fallback: number): number => {
    const raw = single(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      issues.push({ field: name, message: `must be a whole number from ${min} to ${max}; got "${raw}"` });
      return fallback;
    }
    return Number(raw);
  };
  const filters = readDocumentFilters(query, issues);
  const page = integer('page', 1, 1_000_000, 1);
  const perPage = integer('per_page', 1, 100, 25);
  if (issues.length > 0) throw problems.validation('invalid list filters', issues);
  return { ...filters, page, perPage };
}
