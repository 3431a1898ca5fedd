import type { Observable } from 'rxjs';
import type { EventSubscription, SubscriptionMessage } from '../../../application/ports/event-store.ts';
import type { TailRead } from './log-tail.ts';

interface PollingSource {
  after: bigint;
  /** The matching events after `after`, and how far the read looked at every event of the log. */
  read(after: bigint, maxCount: number): Promise<TailRead>;
  /**
   * False when the store knows that nothing appended after `after` is for this subscription (it has read the new
   * events already, and none matches); true when it does not know.
   */
  mayHold?(after: bigint): boolean;
  /** Signals appends made by this process; other processes are seen by polling. */
  appended: Observable<bigint>;
  pollIntervalMs: number;
  batchSize?: number;
}

/**
 * How soon a subscription whose events an append did not include reads anyway, to move its position past them. Most
 * appends concern a few of a dozen subscriptions: waking every one for each append cost the workers thread about
 * nine thousand empty reads a second at 1,000 documents/s.
 */
const PASS_OVER_MS = 25;

export function subscribeByPolling(source: PollingSource): EventSubscription {
  let closed = false;
  let appendedSinceRead = false;
  let after = source.after;
  /** While the subscription sleeps: what ends the sleep, and the poll that ends it otherwise. */
  let sleeping: (() => void) | undefined;
  let sleepTimer: ReturnType<typeof setTimeout> | undefined;
  let passOver: ReturnType<typeof setTimeout> | undefined;
  const wakeNow = () => {
    if (passOver) clearTimeout(passOver);
    passOver = undefined;
    if (!sleeping) return;
    clearTimeout(sleepTimer);
    const resolve = sleeping;
    sleeping = undefined;
    resolve();
  };
  const wakeToPassOver = () => {
    passOver ??= setTimeout(wakeNow, PASS_OVER_MS);
  };
  /** Never throws: when the store cannot tell, the subscription reads, and that read reports what is wrong. */
  const nothingFor = (position: bigint) => {
    try {
      return source.mayHold?.(position) === false;
    } catch {
      return false;
    }
  };
  const notify = () => {
    appendedSinceRead = true;
    if (!sleeping) return;
    if (nothingFor(after)) wakeToPassOver();
    else wakeNow();
  };
  const finish = () => {
    appendedSinceRead = true;
    wakeNow();
  };
  const signal = source.appended.subscribe({ next: notify, complete: finish });

  async function* events(): AsyncGenerator<SubscriptionMessage> {
    let live = false;
    try {
      const batchSize = source.batchSize ?? 500;
      while (!closed) {
        appendedSinceRead = false;
        const { events: batch, through } = await source.read(after, batchSize);
        for (const event of batch) {
          if (closed) return;
          after = event.position;
          yield { kind: 'event', event };
        }
        if (closed) return;
        // Every matching event up to `through` was in a short batch: the consumer may move past the others, and the
        // next read skips them (commits are serialized, so no event at or below `through` can still appear).
        if (batch.length < batchSize && through > after) {
          after = through;
          yield { kind: 'checkpoint', position: through };
        }
        if (batch.length < batchSize && !live) {
          live = true;
          yield { kind: 'caught-up' };
        }
        if (batch.length >= batchSize) live = false;
        // A short batch reached the end of the log: read again only once something new was appended (or on the poll),
        // and not before the next turn of the event loop, so appends made meanwhile are read in one query. Appends
        // meanwhile that hold nothing for this subscription are passed over a little later, with any that follow.
        if (batch.length < batchSize) {
          if (appendedSinceRead && !nothingFor(after)) await new Promise((resolve) => setImmediate(resolve));
          else {
            if (appendedSinceRead) wakeToPassOver();
            await sleepUntilWoken();
          }
        }
      }
    } finally {
      if (passOver) clearTimeout(passOver);
      signal.unsubscribe();
    }
  }

  function sleepUntilWoken(): Promise<void> {
    return new Promise((resolve) => {
      sleeping = resolve;
      sleepTimer = setTimeout(wakeNow, source.pollIntervalMs);
    });
  }

  const iterator = events();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: async () => {
      closed = true;
      wakeNow();
      signal.unsubscribe();
    },
  };
}
