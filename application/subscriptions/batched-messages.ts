import type { RecordedEvent, SubscriptionMessage } from '../ports/event-store.ts';

/** Events that were ready together, in log order. */
export interface EventBatch {
  kind: 'batch';
  events: RecordedEvent[];
}

const IDLE = Symbol('idle');

/**
 * Groups the events a subscription has ready into batches. A batch ends at `maxSize` events, before any other message
 * (a checkpoint or caught-up, passed on as they are, after it), or when the next message is not there by the next
 * turn of the event loop: a burst read from the log is one batch, and a lone live event is not held back.
 */
export async function* batchedMessages(messages: AsyncIterable<SubscriptionMessage>, maxSize: number): AsyncGenerator<EventBatch | SubscriptionMessage> {
  const iterator = messages[Symbol.asyncIterator]();
  let batch: RecordedEvent[] = [];
  let turn: Promise<typeof IDLE> | undefined;
  try {
    for (;;) {
      const next = iterator.next();
      let result: IteratorResult<SubscriptionMessage> | typeof IDLE = batch.length === 0 ? await next : await Promise.race([next, (turn ??= nextTurn())]);
      if (result === IDLE) {
        yield { kind: 'batch', events: batch };
        batch = [];
        turn = undefined;
        result = await next;
      }
      if (result.done) break;
      const message = result.value;
      if (message.kind === 'event') {
        batch.push(message.event);
        if (batch.length < maxSize) continue;
      }
      if (batch.length > 0) yield { kind: 'batch', events: batch };
      batch = [];
      turn = undefined;
      if (message.kind !== 'event') yield message;
    }
    if (batch.length > 0) yield { kind: 'batch', events: batch };
  } finally {
    // Not awaited: a read may still be pending, and the subscription ends it once closed.
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

function nextTurn(): Promise<typeof IDLE> {
  return new Promise((resolve) => setImmediate(() => resolve(IDLE)));
}
