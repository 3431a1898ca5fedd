import type { EventStore } from '../ports/event-store.ts';
import type { ReadModelStore } from '../ports/read-model-store.ts';
import type { SubscriptionHealth, SubscriptionHealthSource } from './subscription-health.ts';

interface Readiness {
  ready: boolean;
  stores: { eventStore: string; readModels: string };
  subscriptions: SubscriptionHealth[];
}

/** How long a subscription may be reconnecting before the instance stops calling itself ready. */
const DEFAULT_RECONNECT_GRACE_MS = 60_000;

/** `unassigned` work (no instance runs it, e.g. the worker instances are down) does not stop this one serving. */
const HEALTHY = new Set(['running', 'catching_up', 'standby', 'unassigned']);

/** A store that does not answer within this long counts as unreachable (a driver may wait much longer for a server). */
const PROBE_TIMEOUT_MS = 3_000;

async function probe(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch (error) {
    return `unreachable: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stores reachable, and each projection or process manager with its position, lag (in events) and state. A
 * subscription that lost its store and is reconnecting by itself keeps the instance ready for a grace period.
 */
export class HealthCheck {
  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly subscriptions: SubscriptionHealthSource,
    private readonly reconnectGraceMs: number = DEFAULT_RECONNECT_GRACE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async readiness(): Promise<Readiness> {
    const eventStore = await probe(() => this.events.headPosition());
    const readModels = await probe(() => this.readModels.ping());
    let subscriptions: SubscriptionHealth[] = [];
    let answered = true;
    try {
      subscriptions = await this.subscriptions();
    } catch {
      answered = false;
    }
    const ready = eventStore === 'ok' && readModels === 'ok' && answered && subscriptions.every((s) => this.healthy(s));
    return { ready, stores: { eventStore, readModels }, subscriptions };
  }

  private healthy(subscription: SubscriptionHealth): boolean {
    if (HEALTHY.has(subscription.state)) return true;
    if (subscription.state !== 'reconnecting' || !subscription.faultSince) return false;
    return this.now() - Date.parse(subscription.faultSince) < this.reconnectGraceMs;
  }
}
