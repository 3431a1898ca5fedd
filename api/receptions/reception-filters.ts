import type { ReceptionFilters } from '../../application/acceptance/list-received-documents.ts';
import { isCalendarDate } from '../../domain/shared/is-calendar-date.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';

/** Parses the received-documents list query: number, issuer_nit, issued_from, issued_to, page, per_page; 422 naming each bad one. */
export function parseReceptionFilters(query: Record<string, unknown>): ReceptionFilters {
  const issues: ValidationIssue[] = [];
  const single = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    issues.push({ field: name, message: 'must be given once, as a plain value' });
    return undefined;
  };
  const integer = (name: string, max: number, fallback: number): number => {
    const raw = single(name);
    if (raw === undefined) return fallback;
    if (/^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max) return Number(raw);
    issues.push({ field: name, message: `must be a whole number from 1 to ${max}; got "${raw}"` });
    return fallback;
  };
  const date = (name: string): string | undefined => {
    const raw = single(name);
    if (raw !== undefined && !isCalendarDate(raw)) issues.push({ field: name, message: `must be a date YYYY-MM-DD; got "${raw}"` });
    return raw;
  };
  const number = single('number');
  if (number !== undefined && (number.length === 0 || number.length > 50)) issues.push({ field: 'number', message: 'must be 1 to 50 characters' });
  const issuerNit = single('issuer_nit');
  if (issuerNit !== undefined && !/^\d{5,15}$/.test(issuerNit)) issues.push({ field: 'issuer_nit', message: `must be 5 to 15 digits, without the check digit; got "${issuerNit}"` });
  const issuedFrom = date('issued_from');
  const issuedTo = date('issued_to');
  if (issuedFrom && issuedTo && issues.length === 0 && issuedFrom > issuedTo) {
    issues.push({ field: 'issued_from', message: `must not be after issued_to (${issuedTo})` });
  }
  const page = integer('page', 1_000_000, 1);
  const perPage = integer('per_page', 100, 25);
  if (issues.length > 0) throw problems.validation('invalid list filters', issues);
  return { number, issuerNit, issuedFrom, issuedTo, page, perPage };
}
