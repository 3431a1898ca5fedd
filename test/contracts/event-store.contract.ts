import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  ConcurrencyError,
  type EventData,
  type EventStore,
  type EventSubscription,
  type RecordedEvent,
} from '../../application/ports/event-store.ts';
import { withoutTrail } from '../../application/audit/event-hash.ts';
import { trailContract } from './event-store-trail.contract.ts';

export interface EventStoreFixture {
  store: EventStore;
  cleanup(): Promise<void>;
}

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

async function nextWithin(iterator: AsyncIterator<RecordedEvent>, ms = 5000): Promise<IteratorResult<RecordedEvent>> {
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

async function take(iterator: AsyncIterator<RecordedEvent>, count: number): Promise<RecordedEvent[]> {
  const taken: RecordedEvent[] = [];
  while (taken.length < count) {
    const result = await nextWithin(iterator);
    if (result.done) throw new Error('subscription ended early');
    taken.push(result.value);
  }
  return taken;
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

    describe('headPosition', () => {
      it('is the position of the last (matching) event', async () => {
        const appended = await store.append(stream(), [event(`${prefix}A`), event(`${prefix}B`)], 'no_stream');
        expect((await store.headPosition()) >= appended.position).to.equal(true);
        expect(await store.headPosition({ eventTypes: [`${prefix}B`] })).to.equal(appended.position);
        const [first] = await store.readAll({ maxCount: 100_000, filter: { eventTypes: [`${prefix}A`] } });
        expect(await store.headPosition({ eventTypes: [`${prefix}A`] })).to.equal(first.position);
      });

      it('is 0n when nothing matches', async () => {
        expect(await store.headPosition({ eventTypes: [`${prefix}Never`] })).to.equal(0n);
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

      it('ends a consumer that is waiting when closed', async () => {
        const start = await store.headPosition();
        const subscription = store.subscribeToAll({ after: start, filter: { eventTypes: [`${prefix}Nothing`] } });
        subscriptions.push(subscription);
        const iterator = subscription[Symbol.asyncIterator]();
        const waiting = nextWithin(iterator);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await subscription.close();
        expect((await waiting).done).to.equal(true);
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
