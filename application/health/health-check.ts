import type { EventStore } from '../ports/event-store.ts';
import type { ReadModelStore } from '../ports/read-model-store.ts';
import type { SubscriptionHealth, SubscriptionHealthSource } from './subscription-health.ts';

export interface Readiness {
  ready: boolean;
  stores: { eventStore: string; readModels: string };
  subscriptions: SubscriptionHealth[];
}

async function probe(check: () => Promise<unknown>): Promise<string> {
  try {
    await check();
    return 'ok';
  } catch (error) {
    return `unreachable: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Stores reachable, and each projection or process manager with its position, lag (in log positions) and state. */
export class HealthCheck {
  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly subscriptions: SubscriptionHealthSource,
  ) {}

  async readiness(): Promise<Readiness> {
    const eventStore = await probe(() => this.events.headPosition());
    const readModels = await probe(() => this.readModels.ping());
    let subscriptions: SubscriptionHealth[] = [];
    let reachable = eventStore === 'ok';
    if (reachable) {
      try {
        subscriptions = await this.subscriptions();
      } catch {
        reachable = false;
      }
    }
    const ready =
      reachable && readModels === 'ok' && subscriptions.every((s) => s.state === 'running' || s.state === 'catching_up');
    return { ready, stores: { eventStore, readModels }, subscriptions };
  }
}
