import type { Clock } from '../../../../application/ports/clock.ts';
import { ProviderUnavailableError, type SubmissionAttempt } from '../../../../application/ports/document-provider.ts';
import { BodyTooLargeError, readBoundedText } from '../../../http/bounded-body.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { retryAfterMs } from './retry-after.ts';

interface FactusRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query below the base URL, e.g. `/v2/bills/validate`. */
  path: string;
  json?: unknown;
  /** application/x-www-form-urlencoded body (the OAuth token endpoint). */
  form?: Record<string, string>;
  token?: string;
}

/**
 * The most bytes a Factus answer may have. Its largest are downloads, a PDF or ZIP in base64 within JSON (hundreds of
 * kilobytes for a long invoice); a larger body is a broken server or proxy, refused rather than held in memory.
 */
export const FACTUS_MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Factus's JSON envelope `{status, message, data}`, or `{ raw }` when the body was not JSON. */
type FactusBody = { status?: string; message?: string; data?: any; errors?: any; raw?: string; [key: string]: unknown };

export interface FactusResponse {
  status: number;
  body: FactusBody;
}

interface HttpOptions {
  timeoutMs: number;
  /** 429 answers waited out within one call before giving up (the caller's retry takes over). */
  max429Waits?: number;
  /** A Retry-After longer than this is not waited out within the call. */
  maxRetryAfterMs?: number;
  /** The most bytes an answer may have (FACTUS_MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
}

const DEFAULT_PAUSE_MS = 60_000;

/** A claim must outlast the request it is confirmed for by this much (answer recorded, clocks a little apart). */
const CLAIM_MARGIN_MS = 5_000;

/**
 * One HTTP exchange with Factus: through the rate limiter, with a timeout. Unreachable, timed out, 5xx and a 429
 * that cannot be waited out become ProviderUnavailableError; every other answer is returned for the caller to read.
 */
export class FactusHttp {
  constructor(
    private readonly baseUrl: string,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly options: HttpOptions,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /**
   * `attempt`: the submission this request belongs to. Its claim is confirmed (lasting the request's timeout) before
   * the request asks for a grant, and extended for as long as it waits for one, so it cannot lapse before the request
   * leaves: a worker whose claim was taken over never sends.
   */
  async send(request: FactusRequest, attempt?: SubmissionAttempt): Promise<FactusResponse> {
    const label = `${request.method} ${request.path}`;
    const outlast = (ms: number) => (attempt ? attempt.confirm(ms + this.options.timeoutMs + CLAIM_MARGIN_MS) : Promise.resolve());
    for (let waits = 0; ; waits += 1) {
      // Confirmed before the grant, not after it, so the request leaves as soon as it is granted.
      await outlast(0);
      const { status, body, headers } = await this.limiter.send(() => this.exchange(request, label), attempt && outlast);
      if (status >= 500) throw new ProviderUnavailableError(`Factus answered ${status} to ${label}: ${summary(body)}`);
      if (status !== 429) return { status, body };
      const askedMs = retryAfterMs(headers.get('retry-after'), this.clock.now()) ?? DEFAULT_PAUSE_MS;
      await this.limiter.pauseFor(askedMs);
      if (waits >= (this.options.max429Waits ?? 3) || askedMs > (this.options.maxRetryAfterMs ?? 120_000)) {
        throw new ProviderUnavailableError(`Factus rate limit reached (429) on ${label}; it asked to wait ${askedMs} ms`, askedMs);
      }
    }
  }

  private async exchange(request: FactusRequest, label: string): Promise<FactusResponse & { headers: Headers }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.token) headers.Authorization = `Bearer ${request.token}`;
    let body: string | undefined;
    if (request.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    } else if (request.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    try {
      const answer = await this.fetchFn(`${this.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await readBoundedText(answer, this.options.maxAnswerBytes ?? FACTUS_MAX_ANSWER_BYTES);
      return { status: answer.status, body: parse(text), headers: answer.headers };
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new ProviderUnavailableError(`Factus answered ${label}: ${error.message}`);
      throw new ProviderUnavailableError(describeFailure(error, label, this.options.timeoutMs));
    }
  }
}

function parse(text: string): FactusBody {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : { raw: text };
  } catch {
    return { raw: text };
  }
}

function summary(body: FactusBody): string {
  return String(body.message ?? body.raw ?? '').slice(0, 200) || 'no message';
}

function describeFailure(error: unknown, label: string, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `Factus did not answer ${label} within ${timeoutMs} ms`;
  return `Factus unreachable (${label}): ${err?.cause?.message ?? err?.message ?? String(error)}`;
}
