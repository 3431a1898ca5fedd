import { periodProblem } from './period.ts';

/** The books the API writes, by the name the form shows. */
export const BOOKS = [
  { value: 'sales-book', label: 'Libro de ventas', file: 'libro-ventas' },
  { value: 'purchases-book', label: 'Libro de compras (documentos soporte)', file: 'libro-compras' },
  { value: 'payroll-book', label: 'Libro de nómina', file: 'libro-nomina' },
] as const;

/** `GET /v1/reports/{book}?from&to`, or what is wrong with the form (Spanish). */
export function bookQuery(book: string, from: string, to: string): { path?: string; problem?: string } {
  const problem = periodProblem(from, to);
  if (problem) return { problem };
  if (!BOOKS.some((each) => each.value === book)) return { problem: 'Elija un libro.' };
  return { path: `/v1/reports/${book}?${new URLSearchParams({ from, to }).toString()}` };
}
