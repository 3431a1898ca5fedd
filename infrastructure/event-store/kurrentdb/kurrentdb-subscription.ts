import { START, type AllStreamSubscription, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import {
  matchesFilter,
  type EventSubscription,
  type SubscribeOptions,
  type SubscriptionMessage,
} from '../../../application/ports/event-store.ts';
import { translateKurrentDbError } from './kurrentdb-errors.ts';
import { toServerFilter } from './kurrentdb-filter.ts';
import type { KurrentDbNamespace } from './kurrentdb-namespace.ts';
import { toRecordedEvent } from './to-recorded-event.ts';

const MARKER = Symbol('subscription marker');
type Marker = { [MARKER]: SubscriptionMessage };

/**
 * A catch-up subscription to $all; the server stream is opened on first iteration. Checkpoint and caught-up notices
 * arrive as callbacks while the events before them may still wait in the stream's buffer: they are pushed into that
 * same buffer as markers, so the consumer sees them after those events (a checkpoint taken before its events are
 * handled could skip them after a restart).
 */
export function subscribeToKurrentDb(client: KurrentDBClient, names: KurrentDbNamespace, options: SubscribeOptions): EventSubscription {
  const after = options.after;
  let closed = false;
  let source: AllStreamSubscription | undefined;

  async function* messages(): AsyncGenerator<SubscriptionMessage> {
    if (closed) return;
    const mark = (subscription: AllStreamSubscription | undefined, message: SubscriptionMessage) => {
      if (!closed) subscription?.push({ [MARKER]: message } satisfies Marker);
    };
    const filter = toServerFilter(options.filter, names, {
      checkpointInterval: 1,
      checkpointReached: (subscription, position) => mark(subscription as AllStreamSubscription, { kind: 'checkpoint', position: position.commit }),
    });
    source = client.subscribeToAll({
      fromPosition: after === undefined || after === 0n ? START : { commit: after, prepare: after },
      filter,
    });
    const opened = source;
    opened.on('caughtUp', () => mark(opened, { kind: 'caught-up' }));
    try {
      for await (const item of opened) {
        if (closed) return;
        if (typeof item === 'object' && item !== null && MARKER in item) {
          const message = (item as Marker)[MARKER];
          if (message.kind === 'checkpoint' && after !== undefined && message.position <= after) continue;
          yield message;
          continue;
        }
        const recorded = toRecordedEvent(item, names);
        if (!recorded || (after !== undefined && recorded.position <= after)) continue;
        if (!matchesFilter(recorded.type, options.filter)) continue;
        yield { kind: 'event', event: recorded };
      }
    } catch (error) {
      // Cancelling the server stream ends the readable prematurely; that is the normal way out.
      if (!closed) throw translateKurrentDbError(error, 'subscription to $all');
    } finally {
      // The consumer broke out of its loop or the stream failed: release the server stream too.
      if (!closed) {
        closed = true;
        await opened.unsubscribe().catch(() => undefined);
      }
    }
  }

  const iterator = messages();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: async () => {
      if (closed) return;
      closed = true;
      if (source) {
        await source.unsubscribe().catch(() => undefined);
        source.destroy();
      }
    },
  };
}
