import type { NextFunction, Request, Response } from 'express';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';
import { principalOf } from '../http/authentication.ts';
import { Problem } from '../http/problem.ts';

/**
 * Counts each request of a key against its quota and says so in the RateLimit and RateLimit-Policy fields
 * (draft-ietf-httpapi-ratelimit-headers); over the quota → 429 rate_limited with Retry-After.
 */
export function rateLimit(limiter: RateLimiter) {
  return async (_req: Request, res: Response, next: NextFunction): Promise<void> => {
    const decision = await limiter.consume(principalOf(res).keyId);
    res.set('RateLimit-Policy', `"per-key";q=${decision.limit};w=${decision.windowSeconds}`);
    res.set('RateLimit', `"per-key";r=${decision.remaining};t=${decision.resetSeconds}`);
    if (decision.allowed) return next();
    const detail = `this key may make ${decision.limit} requests every ${decision.windowSeconds} s; retry in ${decision.resetSeconds} s`;
    next(new Problem(429, 'rate_limited', 'Too many requests', detail, undefined, { 'Retry-After': String(decision.resetSeconds) }));
  };
}
