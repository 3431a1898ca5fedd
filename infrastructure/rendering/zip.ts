import { zipSync, type Zippable } from 'fflate';

interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  /** Store without deflating: a PDF's streams are compressed already. */
  stored?: boolean;
}

/**
 * A ZIP of the entries, all stamped with `stamp` (YYYY-MM-DD and HH:MM:SS), so the same document always zips to the
 * same bytes. ZIP times are local wall-clock fields; the Date is built from the fields so the process's time zone
 * does not shift them.
 */
export function zipEntries(entries: readonly ZipEntry[], stamp: { date: string; time: string }): Buffer {
  const [year, month, day] = stamp.date.split('-').map(Number);
  const [hours, minutes, seconds] = stamp.time.slice(0, 8).split(':').map(Number);
  const mtime = new Date(year, month - 1, day, hours, minutes, seconds);
  const files: Zippable = Object.fromEntries(entries.map((entry) => [entry.name, [entry.bytes, { mtime, level: entry.stored ? 0 : 6 }]]));
  return Buffer.from(zipSync(files));
}
