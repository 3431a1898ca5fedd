import { parseTimestamp } from '../../domain/shared/timestamp.ts';
import { problems } from '../http/problem.ts';

const EXAMPLE = 'e.g. 2026-03-01T10:00:00-05:00 or 2026-03-01T15:00:00Z';

function invalid(message: string): never {
  throw problems.validation('the as_of parameter is not a valid timestamp', [{ field: 'as_of', message }]);
}

/** The `as_of` query parameter: an ISO 8601 date-time with its offset; undefined when absent. */
export function parseAsOf(query: Record<string, unknown>): Date | undefined {
  const raw = query.as_of;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') invalid('must be given once');
  return parseTimestamp(raw) ?? invalid(`must be a real ISO 8601 date-time with a time zone, ${EXAMPLE}; got "${raw}"`);
}
