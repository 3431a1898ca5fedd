import { getHolidaysForYear } from 'colombian-holidays';

const byYear = new Map<number, ReadonlySet<string>>();

/**
 * Whether a date (YYYY-MM-DD) is a Colombian public holiday as observed: the fixed ones, those Law 51 of 1983 moves
 * to the following Monday, and those that follow Easter (Holy Thursday and Friday; Ascension, Corpus Christi and
 * Sacred Heart, moved to Monday). The `colombian-holidays` package computes them; its results are pinned by tests.
 */
export function isColombianHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = new Set(getHolidaysForYear(year).map((holiday) => holiday.celebrationDate));
    byYear.set(year, holidays);
  }
  return holidays.has(date);
}
