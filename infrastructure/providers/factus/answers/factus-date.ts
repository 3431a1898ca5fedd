/** Factus answers dates as `DD-MM-YYYY hh:mm:ss AM/PM` in Colombian time (UTC−5, no daylight saving). */
const FACTUS_DATE = /^(\d{2})-(\d{2})-(\d{4}) (\d{1,2}):(\d{2}):(\d{2})\s*([AP]M)?$/i;

/** The instant as ISO 8601 UTC; null when absent or in another shape. */
export function factusInstant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = FACTUS_DATE.exec(value.trim());
  if (!match) return null;
  const [, day, month, year, rawHour, minute, second, meridiem] = match;
  let hour = Number(rawHour) % 12;
  if (!meridiem) hour = Number(rawHour);
  else if (meridiem.toUpperCase() === 'PM') hour += 12;
  const iso = `${year}-${month}-${day}T${String(hour).padStart(2, '0')}:${minute}:${second}-05:00`;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}
