import type { Clock } from '../../../application/ports/clock.ts';
import type { FactusSettings } from '../../config/provider-config.ts';
import { FactusProvider } from './factus-provider.ts';
import { FactusClient } from './http/factus-client.ts';
import { FactusHttp } from './http/factus-http.ts';
import { RateLimiter, realSleep, type Sleep } from './http/rate-limiter.ts';
import { FactusTokens } from './http/token-manager.ts';

export interface FactusWiring {
  clock: Clock;
  sleep?: Sleep;
  fetch?: typeof fetch;
}

/** The Factus adapter and its HTTP stack: rate limiter, token manager, authenticated client. */
export function createFactusProvider(settings: FactusSettings, { clock, sleep = realSleep, fetch: fetchFn = fetch }: FactusWiring): FactusProvider {
  const limiter = new RateLimiter(settings.requestsPerMinute, 60_000, clock, sleep);
  const http = new FactusHttp(settings.url, limiter, clock, { timeoutMs: settings.timeoutMs }, fetchFn);
  const tokens = new FactusTokens(http, settings, clock);
  return new FactusProvider(new FactusClient(http, tokens), clock);
}
