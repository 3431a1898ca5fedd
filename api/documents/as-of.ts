import { problems } from '../http/problem.ts';

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;
const EXAMPLE = 'e.g. 2026-03-01T10:00:00-05:00 or 2026-03-01T15:00:00Z';

function invalid(message: string): never {
  throw problems.validation('the as_of parameter is not a valid timestamp', [{ field: 'as_of', message }]);
}

/** The `as_of` query parameter: an ISO 8601 date-time with its offset; undefined when absent. */
export function parseAsOf(query: Record<string, unknown>): Date | undefined {
  const raw = query.as_of;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') invalid('must be given once');
  // An unencoded "+" in a query string arrives as a space: "…10:00:00 05:00" meant "+05:00".
  const text = raw.trim().replace(/ (\d{2}:?\d{2})$/, '+$1');
  const match = ISO_DATE_TIME.exec(text);
  if (!match) invalid(`must be an ISO 8601 date-time with a time zone, ${EXAMPLE}; got "${raw}"`);
  const [, year, month, day, hour, minute, second = '0'] = match;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const realDay = calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  if (!realDay || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) invalid(`is not a real date and time; got "${raw}"`);
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) invalid(`must be an ISO 8601 date-time with a time zone, ${EXAMPLE}; got "${raw}"`);
  return instant;
}
