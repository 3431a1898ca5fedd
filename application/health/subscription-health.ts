import type { EventStore } from '../ports/event-store.ts';
import type { SubscriptionRunner } from '../subscriptions/subscription-runner.ts';

export interface SubscriptionHealth {
  name: string;
  kind: string;
  /** running, catching_up, idle, stopped or failed. */
  state: string;
  position: string | null;
  head: string;
  /** Log positions between the checkpoint and the last event the subscription takes. */
  lag: string;
  error: string | null;
}

/** Where the subscriptions run: in this process, in a worker thread, or nowhere (an API-only instance). */
export type SubscriptionHealthSource = () => Promise<SubscriptionHealth[]>;

export async function healthOfRunners(events: EventStore, runners: readonly SubscriptionRunner[]): Promise<SubscriptionHealth[]> {
  return Promise.all(
    runners.map(async (runner) => {
      const status = runner.status();
      const head = await events.headPosition(runner.handler.filter);
      const position = BigInt(status.position ?? '0');
      const lag = head > position ? head - position : 0n;
      const state = status.state === 'running' && lag > 0n ? 'catching_up' : status.state;
      return { ...status, state, head: head.toString(), lag: lag.toString() };
    }),
  );
}
