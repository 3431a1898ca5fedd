import type { Clock } from '../../../application/ports/clock.ts';
import type { CoordinationStore } from '../../../application/ports/coordination-store.ts';
import type { FactusSettings } from '../../config/provider-config.ts';
import { FactusProvider } from './factus-provider.ts';
import { FactusClient } from './http/factus-client.ts';
import { FactusHttp } from './http/factus-http.ts';
import { factusAccountKey } from './http/factus-account-key.ts';
import { RateLimiter } from './http/rate-limiter.ts';
import { realSleep, type Sleep } from './http/sleep.ts';
import { FactusTokens } from './http/token-manager.ts';

interface FactusWiring {
  clock: Clock;
  /** Where every instance shares the account's request rate and token. */
  coordination: CoordinationStore;
  sleep?: Sleep;
  fetch?: typeof fetch;
}

/** The Factus adapter and its HTTP stack: rate limiter, token manager, authenticated client. */
export function createFactusProvider(settings: FactusSettings, { clock, coordination, sleep = realSleep, fetch: fetchFn = fetch }: FactusWiring): FactusProvider {
  const rate = { limit: settings.requestsPerMinute, windowMs: 60_000 };
  const limiter = new RateLimiter(coordination, factusAccountKey(settings.url, settings.username, 'rate'), rate, clock, sleep);
  const http = new FactusHttp(settings.url, limiter, clock, { timeoutMs: settings.timeoutMs }, fetchFn);
  // Long enough for one wait on the rate and two token requests (refresh, then password) before another instance steps in.
  const refreshMarkerMs = 60_000 + 2 * settings.timeoutMs;
  const tokenKey = factusAccountKey(settings.url, settings.username, 'token');
  const tokens = new FactusTokens(http, settings, clock, { store: coordination, key: tokenKey, sleep, refreshMarkerMs });
  return new FactusProvider(new FactusClient(http, tokens), clock);
}
