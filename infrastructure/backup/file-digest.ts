import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

/** The SHA-256 of a file, read as a stream (store files run to gigabytes), and its size in bytes. */
export async function fileDigest(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(createReadStream(file), async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      bytes += chunk.length;
      hash.update(chunk);
    }
  });
  return { sha256: hash.digest('hex'), bytes };
}
