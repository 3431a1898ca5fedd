import { zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  /** Store without deflating: a PDF's streams are compressed already. */
  stored?: boolean;
}

/** A wall-clock date and time, YYYY-MM-DD and HH:MM:SS (anything after the seconds, an offset, is ignored). */
export interface ZipStamp {
  date: string;
  time: string;
}

/** ZIP times are local wall-clock fields: the Date is built from the fields so the process's time zone does not shift them. */
export function zipTime(stamp: ZipStamp): Date {
  const [year, month, day] = stamp.date.split('-').map(Number);
  const [hours, minutes, seconds] = stamp.time.slice(0, 8).split(':').map(Number);
  return new Date(year, month - 1, day, hours, minutes, seconds);
}

/**
 * A ZIP of the entries, all stamped with `stamp` (YYYY-MM-DD and HH:MM:SS), so the same document always zips to the
 * same bytes.
 */
export function zipEntries(entries: readonly ZipEntry[], stamp: ZipStamp): Buffer {
  const mtime = zipTime(stamp);
  const files: Zippable = Object.fromEntries(entries.map((entry) => [entry.name, [entry.bytes, { mtime, level: entry.stored ? 0 : 6 }]]));
  return Buffer.from(zipSync(files));
}
