export interface RetryOptions {
  /** Requests made at most for one call, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 60_000 };

/** Retry-After in seconds or as an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The seed's retry rules. 429: wait Retry-After, doubling on each repeated 429. 5xx and network failures: exponential
 * back-off, never shorter than a Retry-After the server sent. Any other 4xx: no retry (undefined).
 */
export function retryDelay(options: RetryOptions, status: number | 'network', streak: number, retryAfter: number | undefined): number | undefined {
  const doubling = 2 ** (streak - 1);
  if (status === 429) return Math.min(options.maxDelayMs, Math.max(retryAfter ?? 0, options.baseDelayMs) * doubling);
  if (status === 'network' || status >= 500) return Math.min(options.maxDelayMs, Math.max(retryAfter ?? 0, options.baseDelayMs * doubling));
  return undefined;
}
