import { periodProblem } from './period.ts';

/** `GET /v1/audit/export?from&to&format[&family]`, or what is wrong with the form (Spanish), checked before asking. */
export function exportQuery(from: string, to: string, format: string, family: string): { path?: string; problem?: string } {
  const problem = periodProblem(from, to);
  if (problem) return { problem };
  if (format !== 'csv' && format !== 'jsonl') return { problem: 'Elija CSV o JSON Lines.' };
  const query = new URLSearchParams({ from, to, format });
  if (family !== '') query.set('family', family);
  return { path: `/v1/audit/export?${query.toString()}` };
}
