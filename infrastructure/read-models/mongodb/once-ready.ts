export interface OnceReadyOptions {
  /** Wait before the first retry; doubles after each failure up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
}

/**
 * A setup step (creating a collection's indexes) that must succeed once before the collection is used. A failure is
 * not kept for ever: the next use after a back-off tries again; uses within the back-off fail at once with the last
 * error, so a store that is down is not asked again on every call.
 */
export class OnceReady {
  private done = false;
  private attempt: Promise<void> | undefined;
  private lastError: unknown;
  private retryAt = 0;
  private backoff: number;
  private readonly initialBackoff: number;
  private readonly maxBackoff: number;
  private readonly now: () => number;

  constructor(
    private readonly setup: () => Promise<void>,
    options: OnceReadyOptions = {},
  ) {
    this.initialBackoff = options.backoffMs ?? 250;
    this.maxBackoff = options.maxBackoffMs ?? 10_000;
    this.backoff = this.initialBackoff;
    this.now = options.now ?? Date.now;
  }

  /** Resolves once the setup has succeeded; starts it (again) when none is running and the back-off has passed. */
  ready(): Promise<void> {
    if (this.done) return Promise.resolve();
    if (this.attempt) return this.attempt;
    if (this.lastError !== undefined && this.now() < this.retryAt) return Promise.reject(this.lastError);
    this.attempt = this.setup().then(
      () => {
        this.done = true;
        this.attempt = undefined;
      },
      (error: unknown) => {
        this.attempt = undefined;
        this.lastError = error;
        this.retryAt = this.now() + this.backoff;
        this.backoff = Math.min(this.backoff * 2, this.maxBackoff);
        throw error;
      },
    );
    return this.attempt;
  }
}
