import { expect } from 'chai';
import type { RecordedEvent } from '../../../../application/ports/event-store.ts';
import { LogTail, matches } from '../../../../infrastructure/event-store/sqlite/log-tail.ts';

const recorded = (position: number, type: string): RecordedEvent => ({
  id: `e${position}`,
  streamId: `s${position}`,
  type,
  revision: 0n,
  position: BigInt(position),
  data: {},
  metadata: {},
  createdAt: new Date(0),
});

/** A log in memory that counts the reads the tail makes. */
function fakeLog(initial: number) {
  const events: RecordedEvent[] = [];
  const append = (type = 'DocumentCreated') => events.push(recorded(events.length + 1, type));
  for (let i = 0; i < initial; i += 1) append();
  const log = {
    events,
    append,
    reads: 0,
    time: 0,
    source: {
      readAfter: (after: bigint, maxCount: number) => {
        log.reads += 1;
        return events.filter((event) => event.position > after).slice(0, maxCount);
      },
      head: () => BigInt(events.length),
      now: () => log.time,
    },
  };
  return log;
}

const positions = (events: RecordedEvent[]) => events.map((event) => Number(event.position));

/** A tail of `windowSize` that read the empty log, then saw events of `types` appended (and was told of them). */
function tailAfterAppends(windowSize: number, types: readonly string[]) {
  const log = fakeLog(0);
  const tail = new LogTail(log.source, windowSize);
  tail.read(0n, 10, undefined);
  for (const type of types) log.append(type);
  tail.invalidate();
  return { log, tail };
}

/** Appends `count` events, tells the tail, and reads after `after` as `reader`: the positions it was given. */
function appendThenRead(log: ReturnType<typeof fakeLog>, tail: LogTail, count: number, after: bigint, reader: object) {
  for (let i = 0; i < count; i += 1) log.append();
  tail.invalidate();
  return positions(tail.read(after, 10, undefined, reader)!.events);
}

describe('LogTail', () => {
  it('given a subscription behind the window, then it is sent to the log itself (undefined), and served once it reaches it', () => {
    const log = fakeLog(10);
    const tail = new LogTail(log.source, 100);
    expect(tail.read(3n, 50, undefined)).to.equal(undefined);
    log.append();
    log.append();
    tail.invalidate();
    expect(tail.read(10n, 50, undefined)).to.deep.include({ through: 12n });
    expect(positions(tail.read(10n, 50, undefined)!.events)).to.deep.equal([11, 12]);
  });

  it('given many subscriptions woken by one append, then one read of the log serves them all, filtered each their way', () => {
    const log = fakeLog(0);
    const tail = new LogTail(log.source, 100);
    tail.read(0n, 10, undefined);
    log.append('DocumentCreated');
    log.append('MessageQueued');
    log.append('DocumentValidated');
    tail.invalidate();
    const reads = log.reads;
    const documents = tail.read(0n, 10, { eventTypePrefixes: ['Document'] })!;
    const messages = tail.read(0n, 10, { eventTypes: ['MessageQueued'] })!;
    const none = tail.read(0n, 10, { eventTypes: ['Nothing'] })!;
    expect(log.reads - reads).to.equal(1);
    expect(positions(documents.events)).to.deep.equal([1, 3]);
    expect(positions(messages.events)).to.deep.equal([2]);
    expect(none).to.deep.equal({ events: [], through: 3n });
  });

  it('given a full batch, then `through` is its last event, so the subscription reads on from there', () => {
    const log = fakeLog(0);
    const tail = new LogTail(log.source, 100);
    tail.read(0n, 10, undefined);
    for (let i = 0; i < 5; i += 1) log.append();
    tail.invalidate();
    expect(tail.read(0n, 2, undefined)).to.deep.include({ through: 2n });
    expect(positions(tail.read(2n, 2, undefined)!.events)).to.deep.equal([3, 4]);
  });

  it('given no append since the last read, then a read at the end of the window within a moment asks the log nothing; a poll later does', () => {
    const log = fakeLog(0);
    const tail = new LogTail(log.source, 100);
    tail.read(0n, 10, undefined);
    const reads = log.reads;
    tail.read(0n, 10, undefined);
    expect(log.reads).to.equal(reads);
    log.append(); // by another process: no notification
    log.time += 1_000;
    expect(positions(tail.read(0n, 10, undefined)!.events)).to.deep.equal([1]);
  });

  it('given more new events than the window holds, then it keeps the newest, and a subscription left behind goes to the log', () => {
    const log = fakeLog(0);
    const tail = new LogTail(log.source, 4);
    tail.read(0n, 10, undefined);
    for (let i = 0; i < 10; i += 1) log.append();
    tail.invalidate();
    // A full read may have left events behind: the next read at the end looks again at once.
    expect(positions(tail.read(0n, 10, undefined)!.events)).to.deep.equal([1, 2, 3, 4]);
    expect(positions(tail.read(4n, 10, undefined)!.events)).to.deep.equal([5, 6, 7, 8]);
    expect(tail.read(2n, 10, undefined)).to.equal(undefined);
    expect(positions(tail.read(8n, 10, undefined)!.events)).to.deep.equal([9, 10]);
  });

  it('given a subscription reading from the window left behind by a burst, then the window keeps what it has yet to read, up to its reach', () => {
    const log = fakeLog(0);
    const tail = new LogTail(log.source, 4, { reach: 8 });
    const slow = {};
    const live = {};
    const appendAndRead = (count: number, after: bigint) => appendThenRead(log, tail, count, after, live);
    tail.read(0n, 10, undefined, slow);
    expect(appendAndRead(4, 0n)).to.deep.equal([1, 2, 3, 4]);
    expect(appendAndRead(2, 4n)).to.deep.equal([5, 6]);
    // Six events, two more than the window keeps for everyone: the slow subscription still finds its next ones there.
    expect(positions(tail.read(0n, 2, undefined, slow)!.events)).to.deep.equal([1, 2]);
    expect(appendAndRead(4, 6n)).to.deep.equal([7, 8, 9, 10]);
    expect(positions(tail.read(2n, 2, undefined, slow)!.events)).to.deep.equal([3, 4]);
    // Twelve events after it now, beyond the reach of eight: the window keeps 7–14, and the slow one goes to the log.
    expect(appendAndRead(4, 10n)).to.deep.equal([11, 12, 13, 14]);
    expect(tail.read(2n, 2, undefined, slow)).to.equal(undefined);
    expect(positions(tail.read(6n, 1, undefined)!.events)).to.deep.equal([7]);
    // Reading from the log, it keeps nothing in the window: the next refresh keeps the newest four.
    expect(appendAndRead(1, 14n)).to.deep.equal([15]);
    expect(tail.read(10n, 10, undefined)).to.equal(undefined);
    expect(positions(tail.read(11n, 10, undefined)!.events)).to.deep.equal([12, 13, 14, 15]);
  });

  it('given the subscription that kept events closed or idle too long, then the window keeps only the newest again', () => {
    const keepingFor = (release: (tail: LogTail, reader: object, log: ReturnType<typeof fakeLog>) => void) => {
      const log = fakeLog(0);
      const tail = new LogTail(log.source, 4, { reach: 100, readerIdleMs: 1_000 });
      const slow = {};
      const live = {};
      const appendAndRead = (count: number, after: bigint) => appendThenRead(log, tail, count, after, live);
      tail.read(0n, 10, undefined, slow);
      appendAndRead(4, 0n);
      appendAndRead(2, 4n);
      release(tail, slow, log);
      appendAndRead(1, 6n);
      return tail.read(0n, 10, undefined) === undefined ? 'newest only' : 'kept';
    };
    expect(keepingFor(() => undefined)).to.equal('kept');
    expect(keepingFor((tail, reader) => tail.forget(reader))).to.equal('newest only');
    expect(keepingFor((_tail, _reader, log) => (log.time += 1_001))).to.equal('newest only');
  });

  it('given appends none of which a filter takes, then mayHold answers false after one read of the log shared by every filter', () => {
    const { log, tail } = tailAfterAppends(100, ['DocumentCreated', 'DocumentValidated']);
    const reads = log.reads;
    expect(tail.mayHold(0n, { eventTypes: ['MessageQueued'] })).to.equal(false);
    expect(tail.mayHold(0n, { eventTypePrefixes: ['Document'] })).to.equal(true);
    expect(tail.mayHold(0n, undefined)).to.equal(true);
    expect(log.reads - reads).to.equal(1);
    // The subscription that passes over them reads nothing, and moves past them.
    expect(tail.read(0n, 10, { eventTypes: ['MessageQueued'] })).to.deep.equal({ events: [], through: 2n });
  });

  it('given an event a filter takes still unread in the window, then mayHold answers true without asking the log', () => {
    const { log, tail } = tailAfterAppends(100, ['MessageQueued', 'DocumentCreated']);
    tail.read(0n, 10, { eventTypePrefixes: ['Document'] });
    const reads = log.reads;
    expect(tail.mayHold(0n, { eventTypes: ['MessageQueued'] })).to.equal(true);
    expect(tail.mayHold(1n, { eventTypes: ['MessageQueued'] })).to.equal(false);
    expect(log.reads).to.equal(reads);
  });

  it('given a subscription behind the window, or a read that filled the window, then mayHold answers true: only the log can tell', () => {
    const unread = new LogTail(fakeLog(0).source, 4);
    expect(unread.mayHold(0n, { eventTypes: ['MessageQueued'] })).to.equal(true);
    const { tail } = tailAfterAppends(4, Array(6).fill('DocumentCreated'));
    expect(tail.mayHold(0n, { eventTypes: ['MessageQueued'] })).to.equal(true);
    expect(tail.mayHold(1n, { eventTypes: ['MessageQueued'] })).to.equal(true);
  });

  it('given every event after a position in the window, new appends included, then countAfter counts them there, capped', () => {
    const { log, tail } = tailAfterAppends(100, ['DocumentCreated', 'MessageQueued', 'DocumentValidated']);
    const reads = log.reads;
    expect(tail.countAfter(0n, 1_000), 'read once for the appends told of').to.equal(3);
    expect(tail.countAfter(1n, 1_000)).to.equal(2);
    expect(tail.countAfter(0n, 2)).to.equal(2);
    expect(tail.countAfter(3n, 1_000)).to.equal(0);
    expect(log.reads - reads).to.equal(1);
    log.append();
    tail.invalidate();
    expect(tail.countAfter(1n, 1_000)).to.equal(3);
  });

  it('given a position behind the window, a read that filled it, or a tail never read, then countAfter leaves the count to the log', () => {
    const log = fakeLog(10);
    expect(new LogTail(log.source, 100).countAfter(0n, 1_000), 'never read').to.equal(undefined);
    const tail = new LogTail(log.source, 4);
    tail.read(10n, 10, undefined);
    expect(tail.countAfter(3n, 1_000), 'behind the window').to.equal(undefined);
    for (let i = 0; i < 10; i += 1) log.append();
    tail.invalidate();
    expect(tail.countAfter(10n, 1_000), 'a full read may have left events in the log').to.equal(undefined);
  });

  it('matches exact types and case-sensitive prefixes, and everything without a filter', () => {
    const event = recorded(1, 'DocumentCreated');
    expect(matches(event, undefined)).to.equal(true);
    expect(matches(event, { eventTypePrefixes: ['Document'] })).to.equal(true);
    expect(matches(event, { eventTypePrefixes: ['document'] })).to.equal(false);
    expect(matches(event, { eventTypes: ['DocumentCreated'] })).to.equal(true);
    expect(matches(event, { eventTypes: ['DocumentCreate'] })).to.equal(false);
  });
});
