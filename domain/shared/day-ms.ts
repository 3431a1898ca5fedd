/** Milliseconds in a day of 24 hours (Colombia keeps no daylight saving time, so its days are all this long). */
export const DAY_MS = 86_400_000;
