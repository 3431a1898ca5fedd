import type { EventStore } from '../ports/event-store.ts';
import type { ReadModelStore } from '../ports/read-model-store.ts';
import type { SubscriptionRunner } from '../subscriptions/subscription-runner.ts';

export interface Readiness {
  ready: boolean;
  stores: { eventStore: string; readModels: string };
  subscriptions: Array<{
    name: string;
    kind: string;
    state: string;
    position: string | null;
    head: string;
    lag: string;
    error: string | null;
  }>;
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
    private readonly runners: () => SubscriptionRunner[],
  ) {}

  async readiness(): Promise<Readiness> {
    const eventStore = await probe(() => this.events.headPosition());
    const readModels = await probe(() => this.readModels.ping());
    const subscriptions = await Promise.all(
      this.runners().map(async (runner) => {
        const status = runner.status();
        const head = eventStore === 'ok' ? await this.events.headPosition(runner.handler.filter) : 0n;
        const position = BigInt(status.position ?? '0');
        const lag = head > position ? head - position : 0n;
        const state = status.state === 'running' && lag > 0n ? 'catching_up' : status.state;
        return { ...status, state, head: head.toString(), lag: lag.toString() };
      }),
    );
    const ready = eventStore === 'ok' && readModels === 'ok' && subscriptions.every((s) => s.state === 'running' || s.state === 'catching_up');
    return { ready, stores: { eventStore, readModels }, subscriptions };
  }
}
