/** `GET /v1/audit/export?from&to&format[&family]`, or what is wrong with the form (Spanish), checked before asking. */
export function exportQuery(from: string, to: string, format: string, family: string): { path?: string; problem?: string } {
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!date.test(from) || !date.test(to)) return { problem: 'Indique las dos fechas del periodo (AAAA-MM-DD).' };
  if (from > to) return { problem: 'La fecha inicial es posterior a la final.' };
  if (format !== 'csv' && format !== 'jsonl') return { problem: 'Elija CSV o JSON Lines.' };
  const query = new URLSearchParams({ from, to, format });
  if (family !== '') query.set('family', family);
  return { path: `/v1/audit/export?${query.toString()}` };
}
