const BOGOTA = 'America/Bogota';

const instant = new Intl.DateTimeFormat('es-CO', { timeZone: BOGOTA, dateStyle: 'medium', timeStyle: 'medium' });

const precise = new Intl.DateTimeFormat('es-CO', {
  timeZone: BOGOTA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
});

const calendar = new Intl.DateTimeFormat('es-CO', { timeZone: 'UTC', dateStyle: 'medium' });

const parse = (value: unknown): Date | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** An ISO instant in Colombian time ("28/11/2026, 6:00:25 a. m."); "—" when absent, the text itself when unreadable. */
export function formatInstant(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = parse(value);
  return date ? instant.format(date) : String(value);
}

/** An ISO instant in Colombian time to the millisecond (the timeline: events a few ms apart must read apart). */
export function formatPreciseInstant(value: unknown): string {
  const date = parse(value);
  return date ? precise.format(date) : String(value ?? '—');
}

/** A calendar date of the API (`YYYY-MM-DD`, already Colombian) without any time-zone shift. */
export function formatCalendarDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value === null || value === undefined ? '—' : String(value);
  return calendar.format(new Date(`${value}T00:00:00Z`));
}
