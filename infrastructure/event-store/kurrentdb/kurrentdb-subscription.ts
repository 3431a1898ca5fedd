import { START, type AllStreamSubscription, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import {
  matchesFilter,
  type EventSubscription,
  type RecordedEvent,
  type SubscribeOptions,
} from '../../../application/ports/event-store.ts';
import { toServerFilter } from './kurrentdb-filter.ts';
import { toRecordedEvent } from './to-recorded-event.ts';

/** A catch-up subscription to $all; the server stream is opened on first iteration. */
export function subscribeToKurrentDb(client: KurrentDBClient, options: SubscribeOptions): EventSubscription {
  const after = options.after;
  let closed = false;
  let source: AllStreamSubscription | undefined;

  async function* events(): AsyncGenerator<RecordedEvent> {
    if (closed) return;
    source = client.subscribeToAll({
      fromPosition: after === undefined || after === 0n ? START : { commit: after, prepare: after },
      filter: toServerFilter(options.filter),
    });
    try {
      for await (const resolved of source) {
        if (closed) return;
        const recorded = toRecordedEvent(resolved);
        if (!recorded || (after !== undefined && recorded.position <= after)) continue;
        if (!matchesFilter(recorded.type, options.filter)) continue;
        yield recorded;
      }
    } catch (error) {
      // Cancelling the server stream ends the readable prematurely; that is the normal way out.
      if (!closed) throw error;
    } finally {
      // The consumer broke out of its loop or the stream failed: release the server stream too.
      if (!closed) {
        closed = true;
        await source.unsubscribe().catch(() => undefined);
      }
    }
  }

  const iterator = events();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: async () => {
      if (closed) return;
      closed = true;
      if (source) {
        await source.unsubscribe();
        source.destroy();
      }
    },
  };
}
