/** A response body longer than its reader accepts; `bytes`: what its Content-Length declared, or what had come when the read stopped. */
export class BodyTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`the answer is larger than ${limit} bytes (at least ${bytes}); refused unread`);
  }
}

/**
 * A fetch response's body as UTF-8 text, of at most `limit` bytes: a Content-Length over the limit is refused before
 * reading, and a body that grows past it stops the read there (the rest is cancelled), so that a misbehaving server or
 * proxy cannot fill the memory within the timeout. Both throw BodyTooLargeError.
 */
export async function readBoundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(declared, limit);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(total, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
