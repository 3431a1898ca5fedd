import { periodProblem } from './period.ts';

/** The files an archive may hold of each document, as the form offers them. */
export const ARCHIVE_FORMATS = [
  { value: 'xml', label: 'XML del documento' },
  { value: 'attached-xml', label: 'AttachedDocument (con la respuesta de la DIAN)' },
  { value: 'pdf', label: 'PDF' },
] as const;

/** `GET /v1/documents/archive?from&to[&family][&formats]`, or what is wrong with the form (Spanish), checked before asking. */
export function archiveQuery(from: string, to: string, family: string, formats: readonly string[]): { path?: string; problem?: string } {
  const problem = periodProblem(from, to);
  if (problem) return { problem };
  if (formats.length === 0) return { problem: 'Elija al menos un tipo de archivo.' };
  const query = new URLSearchParams({ from, to });
  if (family !== '') query.set('family', family);
  if (formats.length < ARCHIVE_FORMATS.length) query.set('formats', formats.join(','));
  return { path: `/v1/documents/archive?${query.toString()}` };
}
