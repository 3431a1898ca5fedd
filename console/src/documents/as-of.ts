/** Colombia keeps UTC−5 all year (no daylight saving since 1993), so a Bogotá wall-clock time has one offset. */
const OFFSET_MS = 5 * 60 * 60 * 1000;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * The value of a `datetime-local` input read as Bogotá time ("2026-03-01T10:00:05.250") → the `as_of` the API takes
 * ("2026-03-01T10:00:05.250-05:00"); undefined when it is not a real date and time.
 */
export function asOfFromLocal(value: string): string | undefined {
  const match = LOCAL.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00', fraction = ''] = match;
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return undefined;
  }
  const millis = fraction === '' ? '' : `.${fraction.padEnd(3, '0')}`;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${millis}-05:00`;
}

/** An ISO instant → the Bogotá wall-clock value a `datetime-local` input (step 0.001) shows. */
export function localFromInstant(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time - OFFSET_MS).toISOString().slice(0, 23);
}
