import { ApiError } from './api-error.ts';
import { DEFAULT_RETRY, retryAfterMs, retryDelay, type RetryOptions } from './retry-policy.ts';
import type { Problem } from './types.ts';

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  retry?: Partial<RetryOptions>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface Call {
  method: string;
  path: string;
  body?: unknown;
  contentType?: string;
  /** Sent unchanged on every attempt of this call, so a retried POST is done once. */
  idempotencyKey?: string;
}

/** One API call with the seed's retry rules; answers the final success or throws ApiError. */
export class Transport {
  private readonly retry: RetryOptions;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: TransportOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetch = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async send(call: Call): Promise<Response> {
    const streaks = { 429: 0, failure: 0 };
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await this.fetch(`${this.options.baseUrl}${call.path}`, this.init(call));
      } catch (error) {
        if (attempt >= this.retry.maxAttempts) throw error;
        await this.sleep(retryDelay(this.retry, 'network', ++streaks.failure, undefined)!);
        continue;
      }
      if (response.ok) return response;
      const streak = response.status === 429 ? ++streaks[429] : response.status >= 500 ? ++streaks.failure : 0;
      const delay = retryDelay(this.retry, response.status, streak, retryAfterMs(response.headers.get('Retry-After')));
      if (delay === undefined || attempt >= this.retry.maxAttempts) throw new ApiError(await problemOf(response));
      await response.body?.cancel();
      await this.sleep(delay);
    }
  }

  private init(call: Call): RequestInit {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.options.apiKey}`, Accept: 'application/json' };
    if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
    if (call.body !== undefined) headers['Content-Type'] = call.contentType ?? 'application/json';
    return { method: call.method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) };
  }
}

async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text();
  try {
    return JSON.parse(text) as Problem;
  } catch {
    return { type: 'about:blank', title: response.statusText, status: response.status, code: `http_${response.status}`, detail: text.slice(0, 200) };
  }
}
