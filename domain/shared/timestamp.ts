import { isCalendarDate } from './is-calendar-date.ts';

const ISO_8601 = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;

/**
 * An ISO 8601 date-time with a time zone (`Z` or an offset) on a real calendar date, or null. An unencoded `+` of the
 * offset arrives as a space in a query string; it is read back as `+`.
 */
export function parseTimestamp(text: string): Date | null {
  const value = text.trim().replace(/ (\d{2}:?\d{2})$/, '+$1');
  const match = ISO_8601.exec(value);
  if (!match || !isCalendarDate(match[1])) return null;
  const parsed = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}
