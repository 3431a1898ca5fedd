import { request } from 'node:http';

/** A response read as it arrives: resolves the first chunk of body, and the whole body; `abort` drops the connection. */
export function streamed(url: string, key: string) {
  let abort!: () => void;
  let firstChunk!: (chunk: Buffer) => void;
  const first = new Promise<Buffer>((resolve) => (firstChunk = resolve));
  const whole = new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers: { Authorization: `Bearer ${key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) firstChunk(chunk);
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    abort = () => req.destroy();
    req.end();
  });
  whole.catch(() => undefined);
  return { first, whole, abort: () => abort() };
}
