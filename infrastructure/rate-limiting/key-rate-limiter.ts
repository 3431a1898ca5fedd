import { MongoClient } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateDecision, RateLimiter } from '../../application/ports/rate-limiter.ts';

export interface RateLimitSettings {
  requests: number;
  windowSeconds: number;
  /** Shared counters across instances; unset → this process's memory. */
  mongodbUrl?: string;
}

/** The database named in the URL path, else `einvoicing` (as the read models use). */
function databaseNameOf(url: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url);
  return match ? decodeURIComponent(match[1]) : 'einvoicing';
}

/**
 * A fixed window per key (rate-limiter-flexible): in memory for one instance, in MongoDB for several. If MongoDB
 * cannot be reached the in-memory limiter stands in (insurance), so an outage of the store never blocks requests.
 * Built on first use, so an instance that serves no request (the workers thread) never connects.
 */
export class KeyRateLimiter implements RateLimiter {
  private limiter: RateLimiterAbstract | undefined;
  private client: MongoClient | undefined;

  constructor(private readonly settings: RateLimitSettings) {}

  async consume(key: string): Promise<RateDecision> {
    try {
      return this.decision(true, await this.build().consume(key));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return this.decision(false, rejection);
    }
  }

  private build(): RateLimiterAbstract {
    if (this.limiter) return this.limiter;
    const { requests, windowSeconds, mongodbUrl } = this.settings;
    const options = { keyPrefix: 'integrations', points: requests, duration: windowSeconds };
    const memory = new RateLimiterMemory(options);
    if (!mongodbUrl) return (this.limiter = memory);
    this.client = new MongoClient(mongodbUrl);
    const dbName = databaseNameOf(mongodbUrl);
    return (this.limiter = new RateLimiterMongo({ ...options, storeClient: this.client, dbName, tableName: 'integration_rate_limits', insuranceLimiter: memory }));
  }

  private decision(allowed: boolean, res: RateLimiterRes): RateDecision {
    const { requests, windowSeconds } = this.settings;
    return { allowed, limit: requests, windowSeconds, remaining: res.remainingPoints, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
