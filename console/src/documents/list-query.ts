import { LISTABLE_STATUSES } from '../format/statuses.ts';
import { FAMILIES } from './families.ts';

/** The filters of the documents list as the form holds them ('' = not set). */
export interface DocumentFilters {
  family: string;
  status: string;
  number: string;
  issuedFrom: string;
  issuedTo: string;
}

export const NO_FILTERS: DocumentFilters = { family: '', status: '', number: '', issuedFrom: '', issuedTo: '' };

const PARAMETERS: ReadonlyArray<[keyof DocumentFilters, string]> = [
  ['family', 'family'],
  ['status', 'status'],
  ['number', 'number'],
  ['issuedFrom', 'issued_from'],
  ['issuedTo', 'issued_to'],
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with the filters before asking the API (which checks them again), in Spanish; empty when nothing. */
export function filterProblems(filters: DocumentFilters): string[] {
  const problems: string[] = [];
  if (filters.family && !FAMILIES.some((family) => family.path === filters.family)) problems.push(`Tipo de documento desconocido: ${filters.family}`);
  if (filters.status && !(LISTABLE_STATUSES as readonly string[]).includes(filters.status)) problems.push(`Estado desconocido: ${filters.status}`);
  if (filters.number.trim().length > 50) problems.push('El número tiene más de 50 caracteres');
  for (const [field, label] of [['issuedFrom', 'Emitido desde'], ['issuedTo', 'Emitido hasta']] as const) {
    if (filters[field] && !DATE.test(filters[field])) problems.push(`${label}: use una fecha AAAA-MM-DD`);
  }
  if (filters.issuedFrom && filters.issuedTo && DATE.test(filters.issuedFrom) && DATE.test(filters.issuedTo) && filters.issuedFrom > filters.issuedTo) {
    problems.push('«Emitido desde» es posterior a «Emitido hasta»');
  }
  return problems;
}

/** `GET /v1/documents?…` for the filters, a page size and the cursor of the page (none for the first). */
export function documentsQuery(filters: DocumentFilters, limit: number, cursor?: string | null): string {
  const query = new URLSearchParams();
  for (const [field, parameter] of PARAMETERS) {
    const value = filters[field].trim();
    if (value !== '') query.set(parameter, value);
  }
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return `/v1/documents?${query.toString()}`;
}

/** The filters kept in the console's own address (`?status=validated&number=…`), so a reload or a back keeps them. */
export function filtersToSearch(filters: DocumentFilters): string {
  const query = new URLSearchParams();
  for (const [field, parameter] of PARAMETERS) if (filters[field].trim() !== '') query.set(parameter, filters[field].trim());
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

export function filtersFromSearch(search: string): DocumentFilters {
  const query = new URLSearchParams(search);
  const filters = { ...NO_FILTERS };
  for (const [field, parameter] of PARAMETERS) filters[field] = query.get(parameter) ?? '';
  return filters;
}
