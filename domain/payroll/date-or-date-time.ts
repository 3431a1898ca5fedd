import { isCalendarDate } from '../shared/is-calendar-date.ts';

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS in Colombian local time (no offset, no fraction). */
export function isDateOrDateTime(value: string): boolean {
  if (isCalendarDate(value)) return true;
  const match = DATE_TIME.exec(value);
  return match !== null && isCalendarDate(match[1]);
}

/**
 * Whether `end` comes before `start`. Two date-times compare to the second; when either is a bare date,
 * only the dates compare (a bare date stands for the whole day).
 */
export function endsBeforeStart(start: string, end: string): boolean {
  if (start.length === end.length) return end < start;
  return end.slice(0, 10) < start.slice(0, 10);
}
