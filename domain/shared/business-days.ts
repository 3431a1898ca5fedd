import { isColombianHoliday } from './colombian-holidays.ts';
import { DAY_MS } from './day-ms.ts';

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday to Friday and not a Colombian public holiday. */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isColombianHoliday(date);
}

/** The `count`-th business day after `date` (the date itself never counts). */
export function addBusinessDays(date: string, count: number): string {
  let current = date;
  for (let found = 0; found < count; ) {
    current = addCalendarDays(current, 1);
    if (isBusinessDay(current)) found += 1;
  }
  return current;
}
