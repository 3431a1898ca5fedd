import type { EventStore } from '../ports/event-store.ts';
import type { SubscriptionRunner } from '../subscriptions/subscription-runner.ts';

/** Lag is counted up to this many events: enough to tell "a little behind" from "far behind" at a bounded cost. */
export const LAG_COUNT_LIMIT = 1_000;

export interface SubscriptionHealth {
  name: string;
  kind: string;
  /** running, catching_up, reconnecting, standby (another instance runs it), idle, stopped or failed. */
  state: string;
  position: string | null;
  head: string;
  /** Events in the log after the position (at most LAG_COUNT_LIMIT; `lagCapped` says when there are more). */
  lag: string;
  lagCapped?: boolean;
  error: string | null;
  /** Since when a store fault is being retried (state reconnecting). */
  faultSince?: string | null;
  /** When the subscription last delivered anything, and how many seconds ago that was. */
  lastMessageAt?: string | null;
  secondsSinceLastMessage?: number | null;
  /** The instance that runs it, when it is not this one (state standby). */
  heldBy?: string | null;
}

/** Where the subscriptions run: in this process, in a worker thread, or nowhere (an API-only instance). */
export type SubscriptionHealthSource = () => Promise<SubscriptionHealth[]>;

/** The head of the log, undefined while the event store cannot say. */
export function headOf(events: EventStore): Promise<bigint | undefined> {
  return events.headPosition().catch(() => undefined);
}

/** The head and the lag after `position` as health shows them: '' while unknown (no position, the store down). */
export async function lagFields(events: EventStore, head: bigint | undefined, position: bigint | undefined): Promise<Pick<SubscriptionHealth, 'head' | 'lag' | 'lagCapped'>> {
  const lag = head === undefined || position === undefined ? undefined : await events.eventsAfter(position, LAG_COUNT_LIMIT).catch(() => undefined);
  return { head: head === undefined ? '' : head.toString(), lag: lag === undefined ? '' : String(lag), lagCapped: lag !== undefined && lag >= LAG_COUNT_LIMIT };
}

/** Each runner's state and lag; while the event store is down, head and lag are unknown ('') and the states tell. */
export async function healthOfRunners(events: EventStore, runners: readonly SubscriptionRunner[], head?: bigint): Promise<SubscriptionHealth[]> {
  const end = head ?? (await headOf(events));
  return Promise.all(
    runners.map(async (runner) => {
      const status = runner.status();
      const lagged = await lagFields(events, end, BigInt(status.position ?? '0'));
      const behind = lagged.lag !== '' && lagged.lag !== '0' && !status.caughtUp;
      const since = status.lastMessageAt === null ? null : Math.max(0, Math.round((Date.now() - Date.parse(status.lastMessageAt)) / 1000));
      return {
        name: status.name,
        kind: status.kind,
        state: status.state === 'running' && behind ? 'catching_up' : status.state,
        position: status.position,
        ...lagged,
        error: status.error,
        faultSince: status.faultSince,
        lastMessageAt: status.lastMessageAt,
        secondsSinceLastMessage: since,
      };
    }),
  );
}
