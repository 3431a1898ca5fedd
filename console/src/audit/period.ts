/** What is wrong with a period's two dates (Spanish), or undefined: both YYYY-MM-DD, the first not after the second. */
export function periodProblem(from: string, to: string): string | undefined {
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!date.test(from) || !date.test(to)) return 'Indique las dos fechas del periodo (AAAA-MM-DD).';
  if (from > to) return 'La fecha inicial es posterior a la final.';
  return undefined;
}
