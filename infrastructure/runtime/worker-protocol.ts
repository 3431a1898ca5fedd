import type { SubscriptionHealth } from '../../application/health/subscription-health.ts';

/** Messages from the API thread to the workers thread. */
export type ToWorkers = { type: 'appended' } | { type: 'health'; id: number } | { type: 'metrics'; id: number } | { type: 'stop' };

/** Messages from the workers thread to the API thread. */
export type FromWorkers =
  | { type: 'started' }
  | { type: 'health'; id: number; subscriptions: SubscriptionHealth[] }
  | { type: 'metrics'; id: number; metrics: unknown[] }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };
