/** TiempoLaborado: days from the entry date to the end of the period, inclusive, counting 30-day months (annex §8.3.1). */
export function workedTime(entryDate: string, periodEnd: string): string {
  const [fromYear, fromMonth, fromDay] = entryDate.split('-').map(Number);
  const [toYear, toMonth, toDay] = periodEnd.split('-').map(Number);
  const days = (toYear - fromYear) * 360 + (toMonth - fromMonth) * 30 + (Math.min(toDay, 30) - Math.min(fromDay, 30)) + 1;
  return `${Math.max(days, 0)}.00`;
}
