import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  ConcurrencyError,
  type EventData,
  type EventStore,
  type EventSubscription,
  type RecordedEvent,
  type SubscriptionMessage,
} from '../../application/ports/event-store.ts';
import { EventTooLargeError } from '../../application/ports/store-errors.ts';
import { withoutTrail } from '../../application/audit/event-hash.ts';
import { trailContract } from './event-store-trail.contract.ts';

export interface EventStoreFixture {
  store: EventStore;
  /** The same store opened again (a restarted process); the fixture closes it. */
  reopen(): Promise<EventStore>;
  cleanup(): Promise<void>;
}

/** The append limit the fixtures configure, so the large-append cases run quickly on every store. */
export const CONTRACT_MAX_APPEND_BYTES = 256 * 1024;

/** Unique per call, so the suite also runs against a shared real server. */
function unique(): string {
  return randomBytes(6).toString('hex');
}

function event(type: string, data: Record<string, unknown> = {}): EventData {
  return { type, data, metadata: { tenantId: 't1', environment: 'test', schemaVersion: 1 } };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function nextWithin(iterator: AsyncIterator<SubscriptionMessage>, ms = 5000): Promise<IteratorResult<SubscriptionMessage>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no event within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([iterator.next(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The next `count` events, passing over checkpoints and caught-up notices. */
async function take(iterator: AsyncIterator<SubscriptionMessage>, count: number): Promise<RecordedEvent[]> {
  const taken: RecordedEvent[] = [];
  while (taken.length < count) {
    const result = await nextWithin(iterator);
    if (result.done) throw new Error('subscription ended early');
    if (result.value.kind === 'event') taken.push(result.value.event);
  }
  return taken;
}

/** Messages up to and including the first one `until` accepts. */
async function messagesUntil(iterator: AsyncIterator<SubscriptionMessage>, until: (message: SubscriptionMessage) => boolean, ms = 15_000): Promise<SubscriptionMessage[]> {
  const seen: SubscriptionMessage[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await nextWithin(iterator, Math.max(1, deadline - Date.now()));
    if (result.done) throw new Error('subscription ended early');
    seen.push(result.value);
    if (until(result.value)) return seen;
  }
}

export function eventStoreContract(name: string, make: () => Promise<EventStoreFixture>): void {
  describe(`EventStore contract: ${name}`, function () {
    let fixture: EventStoreFixture;
    let store: EventStore;
    let prefix: string;
    const subscriptions: EventSubscription[] = [];

    beforeEach(async () => {
      fixture = await make();
      store = fixture.store;
      prefix = `Ct${unique()}.`;
    });

    afterEach(async () => {
      await Promise.all(subscriptions.splice(0).map((subscription) => subscription.close()));
      await fixture.cleanup();
    });

    const stream = () => `contract-${unique()}`;

    describe('append', () => {
      it('creates a new stream with no_stream', async () => {
        const id = stream();
        const result = await store.append(id, [event(`${prefix}Created`), event(`${prefix}Changed`)], 'no_stream');
        expect(result.nextExpectedRevision).to.equal(1n);
        const events = await store.readStream(id);
        expect(result.position).to.equal(events[1].position);
      });

      it('rejects a second no_stream with a typed ConcurrencyError', async () => {
        const id = stream();
        await store.append(id, [event(`${prefix}Created`)], 'no_stream');
        const error = await rejection(store.append(id, [event(`${prefix}Created`)], 'no_stream'));
        expect(error).to.be.instanceOf(ConcurrencyError);
        const conflict = error as ConcurrencyError;
        expect(conflict.streamId).to.equal(id);
        expect(conflict.expected).to.equal('no_stream');
        expect(conflict.actual).to.equal(0n);
        expect(await store.readStream(id)).to.have.length(1);
      });

      it('accepts the exact revision and rejects a stale one', async () => {
        const id = stream();
        await store.append(id, [event(`${prefix}A`), event(`${prefix}B`)], 'no_stream');
        const result = await store.append(id, [event(`${prefix}C`)], 1n);
        expect(result.nextExpectedRevision).to.equal(2n);
        const error = await rejection(store.append(id, [event(`${prefix}D`)], 1n));
        expect(error).to.be.instanceOf(ConcurrencyError);
        expect((error as ConcurrencyError).expected).to.equal(1n);
        expect((error as ConcurrencyError).actual).to.equal(2n);
      });

      it('rejects an exact revision on a missing stream', async () => {
        const id = stream();
        const error = await rejection(store.append(id, [event(`${prefix}A`)], 0n));
        expect(error).to.be.instanceOf(ConcurrencyError);
        expect((error as ConcurrencyError).actual).to.equal('no_stream');
      });

      it('rejects stream_exists on a missing stream and accepts it on an existing one', async () => {
        const id = stream();
        const error = await rejection(store.append(id, [event(`${prefix}A`)], 'stream_exists'));
        expect(error).to.be.instanceOf(ConcurrencyError);
        expect((error as ConcurrencyError).actual).to.equal('no_stream');
        await store.append(id, [event(`${prefix}A`)], 'no_stream');
        const result = await store.append(id, [event(`${prefix}B`)], 'stream_exists');
        expect(result.nextExpectedRevision).to.equal(1n);
      });

      it('accepts any on missing and existing streams', async () => {
        const id = stream();
        expect((await store.append(id, [event(`${prefix}A`)], 'any')).nextExpectedRevision).to.equal(0n);
        expect((await store.append(id, [event(`${prefix}B`)], 'any')).nextExpectedRevision).to.equal(1n);
      });
    });

    describe('readStream', () => {
      it('returns events oldest first with revisions 0..n', async () => {
        const id = stream();
        await store.append(id, [event(`${prefix}A`, { n: 0 }), event(`${prefix}B`, { n: 1 })], 'no_stream');
        await store.append(id, [event(`${prefix}C`, { n: 2 })], 1n);
        const events = await store.readStream(id);
        expect(events.map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
        expect(events.map((e) => e.type)).to.deep.equal([`${prefix}A`, `${prefix}B`, `${prefix}C`]);
        expect(events.map((e) => e.data.n)).to.deep.equal([0, 1, 2]);
        expect(events.every((e) => e.streamId === id)).to.equal(true);
      });

      it('returns [] for a missing stream', async () => {
        expect(await store.readStream(stream())).to.deep.equal([]);
      });

      it('round-trips id, data, metadata and creation time', async () => {
        const id = stream();
        const eventId = randomUUID();
        const data = {
          text: 'Año fiscal – ñ ✓',
          amount: 1234.5,
          zero: 0,
          flag: false,
          none: null,
          list: [1, 'two', { three: 3 }],
          nested: { deep: { value: 'x' } },
        };
        const metadata = {
          $correlationId: randomUUID(),
          $causationId: randomUUID(),
          tenantId: 'tenant-a',
          environment: 'live',
          actor: 'key_1',
          schemaVersion: 2,
        };
        const before = Date.now();
        await store.append(id, [{ id: eventId, type: `${prefix}Round`, data, metadata }], 'no_stream');
        const [recorded] = await store.readStream(id);
        expect(recorded.id).to.equal(eventId);
        expect(recorded.data).to.deep.equal(data);
        expect(withoutTrail(recorded.metadata)).to.deep.equal(metadata);
        expect(recorded.createdAt).to.be.instanceOf(Date);
        expect(Math.abs(recorded.createdAt.getTime() - before)).to.be.below(60_000);
      });
    });

    describe('streamRevision', () => {
      it("answers no_stream for a missing stream, then the revision of the stream's last event after each append", async () => {
        const id = stream();
        expect(await store.streamRevision(id)).to.equal('no_stream');
        await store.append(id, [event(`${prefix}A`), event(`${prefix}B`)], 'no_stream');
        expect(await store.streamRevision(id)).to.equal(1n);
        await store.append(id, [event(`${prefix}C`)], 1n);
        expect(await store.streamRevision(id)).to.equal(2n);
      });
    });

    describe('readAll', () => {
      it('reads after an exclusive position with strictly increasing positions and maxCount', async () => {
        const start = await store.headPosition();
        const a = stream();
        const b = stream();
        await store.append(a, [event(`${prefix}A1`), event(`${prefix}A2`)], 'no_stream');
        await store.append(b, [event(`${prefix}B1`)], 'no_stream');
        await store.append(a, [event(`${prefix}A3`)], 1n);
        const filter = { eventTypePrefixes: [prefix] };
        const all = await store.readAll({ after: start, maxCount: 100, filter });
        expect(all.map((e) => e.type)).to.deep.equal([`${prefix}A1`, `${prefix}A2`, `${prefix}B1`, `${prefix}A3`]);
        all.slice(1).forEach((e, i) => expect(e.position > all[i].position).to.equal(true));
        const page = await store.readAll({ after: start, maxCount: 2, filter });
        expect(page.map((e) => e.type)).to.deep.equal([`${prefix}A1`, `${prefix}A2`]);
        const rest = await store.readAll({ after: page[1].position, maxCount: 100, filter });
        expect(rest.map((e) => e.type)).to.deep.equal([`${prefix}B1`, `${prefix}A3`]);
      });

      it('filters by exact event types and by prefixes', async () => {
        const start = await store.headPosition();
        const other = `Ct${unique()}.`;
        await store.append(stream(), [event(`${prefix}Kept`), event(`${prefix}KeptToo`), event(`${other}Dropped`)], 'no_stream');
        const byType = await store.readAll({ after: start, maxCount: 100, filter: { eventTypes: [`${prefix}Kept`] } });
        expect(byType.map((e) => e.type)).to.deep.equal([`${prefix}Kept`]);
        const byPrefix = await store.readAll({ after: start, maxCount: 100, filter: { eventTypePrefixes: [prefix] } });
        expect(byPrefix.map((e) => e.type)).to.deep.equal([`${prefix}Kept`, `${prefix}KeptToo`]);
        const both = await store.readAll({
          after: start,
          maxCount: 100,
          filter: { eventTypes: [`${other}Dropped`], eventTypePrefixes: [`${prefix}KeptT`] },
        });
        expect(both.map((e) => e.type)).to.deep.equal([`${prefix}KeptToo`, `${other}Dropped`]);
      });

      it('matches prefixes literally and case-sensitively', async () => {
        const start = await store.headPosition();
        await store.append(stream(), [event(`${prefix}A_b%`), event(`${prefix}AxbY`), event(`${prefix}a_b%`)], 'no_stream');
        const read = (prefixes: string[]) =>
          store.readAll({ after: start, maxCount: 100, filter: { eventTypePrefixes: prefixes } });
        expect((await read([`${prefix}A_`])).map((e) => e.type)).to.deep.equal([`${prefix}A_b%`]);
        expect((await read([`${prefix}A_b%`])).map((e) => e.type)).to.deep.equal([`${prefix}A_b%`]);
        expect((await read([`${prefix}a`])).map((e) => e.type)).to.deep.equal([`${prefix}a_b%`]);
        const exact = await store.readAll({ after: start, maxCount: 100, filter: { eventTypes: [`${prefix}a_b%`] } });
        expect(exact.map((e) => e.type)).to.deep.equal([`${prefix}a_b%`]);
      });

      it('reads from the start of the log when after is omitted', async () => {
        await store.append(stream(), [event(`${prefix}First`)], 'no_stream');
        const events = await store.readAll({ maxCount: 100_000, filter: { eventTypes: [`${prefix}First`] } });
        expect(events.map((e) => e.type)).to.deep.equal([`${prefix}First`]);
      });
    });

    describe('headPosition and eventsAfter', () => {
      it('the head is the position of the last event appended', async () => {
        const appended = await store.append(stream(), [event(`${prefix}A`), event(`${prefix}B`)], 'no_stream');
        expect(await store.headPosition()).to.equal(appended.position);
      });

      it('counts the events after a position, at most the limit', async () => {
        const first = await store.append(stream(), [event(`${prefix}A`)], 'no_stream');
        await store.append(stream(), [event(`${prefix}B`), event(`${prefix}C`)], 'no_stream');
        await store.append(stream(), [event(`Other${unique()}`)], 'no_stream');
        expect(await store.eventsAfter(first.position, 100)).to.equal(3);
        expect(await store.eventsAfter(first.position, 2)).to.equal(2);
        expect(await store.eventsAfter(await store.headPosition(), 100)).to.equal(0);
      });

      it('counts alike while a live subscription reads the newest events, appends made after its read included', async () => {
        const start = await store.headPosition();
        const subscription = store.subscribeToAll({ after: start, filter: { eventTypes: [`${prefix}Seen`] } });
        subscriptions.push(subscription);
        const iterator = subscription[Symbol.asyncIterator]();
        await store.append(stream(), [event(`${prefix}Seen`), event(`Other${unique()}`)], 'no_stream');
        await take(iterator, 1);
        expect(await store.eventsAfter(start, 100)).to.equal(2);
        await store.append(stream(), [event(`Other${unique()}`)], 'no_stream');
        expect(await store.eventsAfter(start, 100)).to.equal(3);
        expect(await store.eventsAfter(start, 1)).to.equal(1);
      });
    });

    describe('large appends', () => {
      it('refuses up front an append over the limit, typed, and writes nothing', async () => {
        const id = stream();
        const error = await rejection(store.append(id, [event(`${prefix}Big`, { text: 'x'.repeat(CONTRACT_MAX_APPEND_BYTES) })], 'no_stream'));
        expect(error).to.be.instanceOf(EventTooLargeError);
        expect((error as EventTooLargeError).limit).to.equal(CONTRACT_MAX_APPEND_BYTES);
        expect(await store.readStream(id)).to.deep.equal([]);
      });

      it('accepts an append just under the limit and reads it back whole', async () => {
        const id = stream();
        const text = 'ñ'.repeat(Math.floor((CONTRACT_MAX_APPEND_BYTES - 4096) / 2));
        await store.append(id, [event(`${prefix}Large`, { text })], 'no_stream');
        const [read] = await store.readStream(id);
        expect(read.data.text).to.equal(text);
      });
    });

    describe('racing appends with any', () => {
      it('lands every one of 40 concurrent appends on one stream, in one chain of revisions', async () => {
        const id = stream();
        const results = await Promise.all(Array.from({ length: 40 }, (_, n) => store.append(id, [event(`${prefix}Race`, { n })], 'any')));
        const events = await store.readStream(id);
        expect(events.map((e) => e.revision)).to.deep.equal(Array.from({ length: 40 }, (_, n) => BigInt(n)));
        expect(new Set(events.map((e) => e.data.n)).size).to.equal(40);
        expect(new Set(results.map((r) => r.nextExpectedRevision)).size).to.equal(40);
      });
    });

    describe('reopening', () => {
      it('reads the same streams and positions after the store is opened again', async () => {
        const id = stream();
        const written = await store.append(id, [event(`${prefix}Kept`, { n: 1 })], 'no_stream');
        const reopened = await fixture.reopen();
        const [kept] = await reopened.readStream(id);
        expect([kept.type, kept.position, kept.data.n]).to.deep.equal([`${prefix}Kept`, written.position, 1]);
        const next = await reopened.append(id, [event(`${prefix}Next`)], 0n);
        expect(next.position > written.position).to.equal(true);
      });
    });

    describe('trail', () => trailContract(() => store));

    describe('subscribeToAll', () => {
      it('catches up from a position, goes live, honors the filter and stops on close', async () => {
        const id = stream();
        await store.append(id, [event(`${prefix}Before`)], 'no_stream');
        const start = await store.headPosition();
        await store.append(id, [event(`${prefix}One`), event(`Other${unique()}`), event(`${prefix}Two`)], 0n);
        const subscription = store.subscribeToAll({ after: start, filter: { eventTypePrefixes: [prefix] } });
        subscriptions.push(subscription);
        const iterator = subscription[Symbol.asyncIterator]();
        const caughtUp = await take(iterator, 2);
        expect(caughtUp.map((e) => e.type)).to.deep.equal([`${prefix}One`, `${prefix}Two`]);
        expect(caughtUp[0].position > start).to.equal(true);

        await store.append(stream(), [event(`Other${unique()}`)], 'no_stream');
        await store.append(id, [event(`${prefix}Live`)], 3n);
        const [live] = await take(iterator, 1);
        expect(live.type).to.equal(`${prefix}Live`);
        expect(live.revision).to.equal(4n);
        expect(live.position > caughtUp[1].position).to.equal(true);

        await subscription.close();
        await store.append(id, [event(`${prefix}AfterClose`)], 4n);
        const ended = await nextWithin(iterator);
        expect(ended.done).to.equal(true);
      });

      it('says when it has caught up: after the events already in the log, before live ones', async () => {
        const start = await store.headPosition();
        const id = stream();
        await store.append(id, [event(`${prefix}Old`, { n: 1 }), event(`${prefix}Old`, { n: 2 })], 'no_stream');
        const subscription = store.subscribeToAll({ after: start, filter: { eventTypes: [`${prefix}Old`, `${prefix}New`] } });
        subscriptions.push(subscription);
        const iterator = subscription[Symbol.asyncIterator]();
        const before = await messagesUntil(iterator, (message) => message.kind === 'caught-up');
        expect(before.filter((m) => m.kind === 'event').map((m) => (m.kind === 'event' ? m.event.data.n : 0))).to.deep.equal([1, 2]);
        await store.append(id, [event(`${prefix}New`, { n: 3 })], 1n);
        const [live] = await take(iterator, 1);
        expect(live.data.n).to.equal(3);
      });

      it('moves a filtered consumer past the events it does not take, never past one it takes', async () => {
        const start = await store.headPosition();
        const taken = await store.append(stream(), [event(`${prefix}Rare`)], 'no_stream');
        // More than one page of the server's search window (32 events) that the filter does not take.
        for (let n = 0; n < 5; n += 1) await store.append(stream(), Array.from({ length: 10 }, () => event(`Other${unique()}`)), 'no_stream');
        const subscription = store.subscribeToAll({ after: start, filter: { eventTypes: [`${prefix}Rare`, `${prefix}Late`] } });
        subscriptions.push(subscription);
        const iterator = subscription[Symbol.asyncIterator]();
        const seen = await messagesUntil(iterator, (message) => message.kind === 'checkpoint' && message.position > taken.position);
        const events = seen.filter((m): m is Extract<SubscriptionMessage, { kind: 'event' }> => m.kind === 'event');
        expect(events.map((m) => m.event.position)).to.deep.equal([taken.position]);
        const checkpoint = seen[seen.length - 1] as Extract<SubscriptionMessage, { kind: 'checkpoint' }>;
        expect(checkpoint.position <= (await store.headPosition())).to.equal(true);
        const late = await store.append(stream(), [event(`${prefix}Late`)], 'no_stream');
        const [next] = await take(iterator, 1);
        expect(next.position).to.equal(late.position);
      });

      it('resumes after a position exactly: the next event, none twice, none missed', async () => {
        const start = await store.headPosition();
        const id = stream();
        await store.append(id, Array.from({ length: 6 }, (_, n) => event(`${prefix}Seq`, { n })), 'no_stream');
        const filter = { eventTypes: [`${prefix}Seq`] };
        const first = store.subscribeToAll({ after: start, filter });
        subscriptions.push(first);
        const three = await take(first[Symbol.asyncIterator](), 3);
        await first.close();
        const second = store.subscribeToAll({ after: three[2].position, filter });
        subscriptions.push(second);
        const rest = await take(second[Symbol.asyncIterator](), 3);
        expect([...three, ...rest].map((e) => e.data.n)).to.deep.equal([0, 1, 2, 3, 4, 5]);
      });

      it('ends a consumer that is waiting when closed', async () => {
        const start = await store.headPosition();
        const subscription = store.subscribeToAll({ after: start, filter: { eventTypes: [`${prefix}Nothing`] } });
        subscriptions.push(subscription);
        const iterator = subscription[Symbol.asyncIterator]();
        const delivered: SubscriptionMessage[] = [];
        const waiting = (async () => {
          for (let result = await nextWithin(iterator); !result.done; result = await nextWithin(iterator)) delivered.push(result.value);
        })();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await subscription.close();
        await waiting;
        expect(delivered.filter((message) => message.kind === 'event')).to.deep.equal([]);
      });

      it('delivers events appended while the consumer waits', async () => {
        const start = await store.headPosition();
        const subscription = store.subscribeToAll({ after: start, filter: { eventTypes: [`${prefix}Waited`] } });
        subscriptions.push(subscription);
        const iterator = subscription[Symbol.asyncIterator]();
        const pending = take(iterator, 2);
        const id = stream();
        await store.append(id, [event(`${prefix}Waited`, { n: 1 })], 'no_stream');
        await store.append(id, [event(`${prefix}Waited`, { n: 2 })], 0n);
        expect((await pending).map((e) => e.data.n)).to.deep.equal([1, 2]);
      });
    });
  });
}
