import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Flushes a file's bytes to the disk, so that a power loss after a rename never leaves a named but empty file. */
export function syncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a folder's entries (the renames and new files in it). */
export function syncDirectory(folder: string): void {
  syncFile(folder);
}

/** Writes `<file>.partial`, flushes it, then renames it into place: a reader finds the whole file or none. */
export function writeFileDurably(file: string, text: string, mode = 0o600): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, text, { mode });
  syncFile(partial);
  renameSync(partial, file);
  syncDirectory(dirname(file));
}
