import type { Observable } from 'rxjs';
import type { EventSubscription, RecordedEvent } from '../../../application/ports/event-store.ts';

interface PollingSource {
  after: bigint;
  read(after: bigint, maxCount: number): Promise<RecordedEvent[]>;
  /** Signals appends made by this process; other processes are seen by polling. */
  appended: Observable<bigint>;
  pollIntervalMs: number;
  batchSize?: number;
}

export function subscribeByPolling(source: PollingSource): EventSubscription {
  let closed = false;
  let wake: (() => void) | undefined;
  const signal = source.appended.subscribe({ next: () => wake?.(), complete: () => wake?.() });

  async function* events(): AsyncGenerator<RecordedEvent> {
    let after = source.after;
    try {
      while (!closed) {
        const batch = await source.read(after, source.batchSize ?? 500);
        for (const event of batch) {
          if (closed) return;
          after = event.position;
          yield event;
        }
        if (batch.length === 0) await sleepUntilWoken();
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
