/** The outcome of counting one request against a key's quota for the current window. */
export interface RateDecision {
  allowed: boolean;
  /** Requests a key may make per window. */
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** Seconds until the window ends (and the quota is whole again). */
  resetSeconds: number;
}

/** Requests per key and window, shared by every instance of the service when the store is shared. */
export interface RateLimiter {
  consume(key: string): Promise<RateDecision>;
  close(): Promise<void>;
}
