import { expect } from 'chai';
import { Subject } from 'rxjs';
import type { RecordedEvent, SubscriptionMessage } from '../../../../application/ports/event-store.ts';
import { subscribeByPolling } from '../../../../infrastructure/event-store/sqlite/subscribe-by-polling.ts';

const recorded = (position: number): RecordedEvent => ({
  id: `e${position}`,
  streamId: `s${position}`,
  type: 'MessageQueued',
  revision: 0n,
  position: BigInt(position),
  data: {},
  metadata: {},
  createdAt: new Date(0),
});

/** A log whose events the subscription's filter takes only when listed in `matching`; counts its reads. */
function fakeSource(mayHold: () => boolean) {
  const source = {
    head: 0,
    matching: [] as number[],
    reads: 0,
    appended: new Subject<bigint>(),
    read: (after: bigint) => {
      source.reads += 1;
      const events = source.matching.filter((position) => position > after).map(recorded);
      return Promise.resolve({ events, through: BigInt(source.head) });
    },
  };
  const subscription = subscribeByPolling({ after: 0n, read: source.read, mayHold, appended: source.appended, pollIntervalMs: 60_000 });
  return { source, subscription, messages: subscription[Symbol.asyncIterator]() };
}

const nextMessage = async (messages: AsyncIterator<SubscriptionMessage>) => (await messages.next()).value as SubscriptionMessage;
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Appends one event the subscription takes, once it is caught up and waiting; answers the message it then yields. */
async function appendOneItTakes({ source, messages }: ReturnType<typeof fakeSource>): Promise<SubscriptionMessage> {
  expect(await nextMessage(messages)).to.deep.equal({ kind: 'caught-up' });
  const waiting = nextMessage(messages);
  source.head = 1;
  source.matching.push(1);
  source.appended.next(1n);
  await turn();
  expect(source.reads).to.equal(2);
  return waiting;
}

describe('subscribeByPolling', () => {
  it('given appends that hold nothing for it, then it is not woken for each: it reads once, a moment later, and moves past them all', async () => {
    const { source, subscription, messages } = fakeSource(() => false);
    expect(await nextMessage(messages)).to.deep.equal({ kind: 'caught-up' });
    const waiting = nextMessage(messages);
    for (let position = 1; position <= 10; position += 1) {
      source.head = position;
      source.appended.next(BigInt(position));
    }
    await turn();
    expect(source.reads).to.equal(1);
    expect(await waiting).to.deep.equal({ kind: 'checkpoint', position: 10n });
    expect(source.reads).to.equal(2);
    await subscription.close();
  });

  it('given an append that may hold its events, then it reads at once', async () => {
    const subscribed = fakeSource(() => true);
    expect(await appendOneItTakes(subscribed)).to.deep.include({ kind: 'event' });
    await subscribed.subscription.close();
  });

  it('given a store that cannot tell what an append holds (mayHold throws), then it reads at once, and that read reports', async () => {
    const subscribed = fakeSource(() => {
      throw new Error('the database is closed');
    });
    expect(((await appendOneItTakes(subscribed)) as { event: RecordedEvent }).event.position).to.equal(1n);
    await subscribed.subscription.close();
  });
});
