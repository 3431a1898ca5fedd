import type { RateDecision, RateLimiter } from '../../application/ports/rate-limiter.ts';
import { StoreRateLimiter, type LimitStore } from './store-rate-limiter.ts';

interface RateLimitSettings extends LimitStore {
  requests: number;
  windowSeconds: number;
}

/** The integrations' requests per key and fixed window, counted for the whole deployment (see StoreRateLimiter). */
export class KeyRateLimiter implements RateLimiter {
  private readonly counts: StoreRateLimiter;

  constructor(private readonly settings: RateLimitSettings) {
    // The prefix and table keep the names counters were first stored under.
    const limit = { keyPrefix: 'integrations', table: 'integration_rate_limits', points: settings.requests, durationSeconds: settings.windowSeconds };
    this.counts = new StoreRateLimiter(settings, limit);
  }

  async consume(key: string): Promise<RateDecision> {
    const { allowed, remaining, msBeforeNext } = await this.counts.consume(key);
    const { requests, windowSeconds } = this.settings;
    return { allowed, limit: requests, windowSeconds, remaining, resetSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
  }

  close(): Promise<void> {
    return this.counts.close();
  }
}
