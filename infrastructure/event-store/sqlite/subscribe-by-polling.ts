import type { Observable } from 'rxjs';
import type { EventSubscription, SubscriptionMessage } from '../../../application/ports/event-store.ts';
import type { TailRead } from './log-tail.ts';

interface PollingSource {
  after: bigint;
  /** The matching events after `after`, and how far the read looked at every event of the log. */
  read(after: bigint, maxCount: number): Promise<TailRead>;
  /** Signals appends made by this process; other processes are seen by polling. */
  appended: Observable<bigint>;
  pollIntervalMs: number;
  batchSize?: number;
}

export function subscribeByPolling(source: PollingSource): EventSubscription {
  let closed = false;
  let appendedSinceRead = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    appendedSinceRead = true;
    wake?.();
  };
  const signal = source.appended.subscribe({ next: notify, complete: notify });

  async function* events(): AsyncGenerator<SubscriptionMessage> {
    let after = source.after;
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
        // and not before the next turn of the event loop, so appends made meanwhile are read in one query.
        if (batch.length < batchSize) {
          if (appendedSinceRead) await new Promise((resolve) => setImmediate(resolve));
          else await sleepUntilWoken();
        }
      }
    } finally {
      signal.unsubscribe();
    }
  }

  function sleepUntilWoken(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, source.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  const iterator = events();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: async () => {
      closed = true;
      wake?.();
      signal.unsubscribe();
    },
  };
}
