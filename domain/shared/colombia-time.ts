/** Colombia keeps UTC−05:00 all year (no daylight saving), which DIAN documents state explicitly. */
const OFFSET_MS = -5 * 60 * 60 * 1000;

export interface LocalDateTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS-05:00 */
  time: string;
}

export function colombiaDateTime(instant: Date): LocalDateTime {
  const shifted = new Date(instant.getTime() + OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: `${shifted.slice(11, 19)}-05:00` };
}
