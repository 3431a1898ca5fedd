import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { zipTime, type ZipEntry, type ZipStamp } from './zip.ts';

/**
 * fflate writes neither ZIP64 nor more than 65,535 entries: an archive stays within both (callers cap what they put in,
 * and `add` refuses what would pass 4 GiB, so a too-large archive fails instead of being written broken).
 */
export const ZIP_MAX_ENTRIES = 65_535;
const ZIP_MAX_BYTES = 0xffff_ffff;

/**
 * A ZIP written as its entries arrive: each `add` answers the bytes it produced (the entry, compressed unless stored),
 * `end` the central directory. Nothing is held but the entry being written and the directory's few bytes per entry.
 */
export class StreamingZip {
  private produced: Uint8Array[] = [];
  private failure: Error | null = null;
  private entries = 0;
  private bytes = 0;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else this.produced.push(chunk);
  });

  add(entry: ZipEntry, stamp: ZipStamp): Uint8Array[] {
    if (this.entries >= ZIP_MAX_ENTRIES || this.bytes + entry.bytes.length > ZIP_MAX_BYTES) {
      throw new Error(`a ZIP holds at most ${ZIP_MAX_ENTRIES} entries and 4 GiB without ZIP64; ${entry.name} would pass that`);
    }
    const file = entry.stored ? new ZipPassThrough(entry.name) : new ZipDeflate(entry.name, { level: 6 });
    file.mtime = zipTime(stamp);
    this.zip.add(file);
    file.push(entry.bytes, true);
    this.entries += 1;
    return this.take();
  }

  end(): Uint8Array[] {
    this.zip.end();
    return this.take();
  }

  private take(): Uint8Array[] {
    if (this.failure) throw this.failure;
    const chunks = this.produced;
    this.produced = [];
    for (const chunk of chunks) this.bytes += chunk.length;
    return chunks;
  }
}
