import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { verifyTrail } from '../../../../application/audit/verify-trail.ts';
import { busyRetryDelay } from '../../../../infrastructure/event-store/sqlite/append-faults.ts';
import { SqliteEventStore } from '../../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';

const metadata = { tenantId: 't1', environment: 'test' };
const event = (type: string, n: number, id?: string) => ({ id, type, data: { n }, metadata });

describe('SqliteEventStore group commit', () => {
  let dir: string;
  let file: string;
  let store: SqliteEventStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    file = join(dir, 'events.db');
    store = new SqliteEventStore(file);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function commitsOf(work: () => Promise<unknown>): Promise<number> {
    const probe = new Database(file, { readonly: true });
    const before = probe.pragma('data_version', { simple: true }) as number;
    return work().then(() => {
      const after = probe.pragma('data_version', { simple: true }) as number;
      probe.close();
      return after - before;
    });
  }

  it('given appends asked for in one turn, then they are written in one transaction, each with its own result', async () => {
    const appends = Array.from({ length: 50 }, (_, i) => store.append(`doc-${i}`, [event('Created', i)], 'no_stream'));
    const written = await Promise.all(appends);
    const positions = written.map((result) => result.position);
    expect(new Set(positions).size).to.equal(50);
    expect(written.every((result) => result.nextExpectedRevision === 0n)).to.equal(true);
    const events = await store.readAll({ after: 0n, maxCount: 100 });
    expect(events.map((e) => e.streamId)).to.deep.equal(Array.from({ length: 50 }, (_, i) => `doc-${i}`));
    expect(events.map((e) => e.position)).to.deep.equal(positions);
  });

  it('given one turn of appends, then another connection sees them all at once (one commit), not one by one', async () => {
    // data_version moves once per commit made by another connection.
    const commits = await commitsOf(() => Promise.all(Array.from({ length: 20 }, (_, i) => store.append(`s-${i}`, [event('E', i)], 'any'))));
    expect(commits).to.equal(1);
  });

  it('given a group where one append expects a stale revision, then only that one is refused and the others are written', async () => {
    await store.append('shared', [event('First', 0)], 'no_stream');
    const results = await Promise.allSettled([
      store.append('a', [event('A', 1)], 'no_stream'),
      store.append('shared', [event('Stale', 2)], 'no_stream'),
      store.append('b', [event('B', 3)], 'no_stream'),
    ]);
    expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).to.have.property('name', 'ConcurrencyError');
    expect((await store.readStream('shared')).map((e) => e.type)).to.deep.equal(['First']);
    expect((await store.readAll({ after: 0n, maxCount: 10 })).map((e) => e.type)).to.deep.equal(['First', 'A', 'B']);
  });

  it('given two appends to one stream in one group, then the second sees the first: revisions follow and the chain holds', async () => {
    const [first, second] = await Promise.all([
      store.append('doc', [event('One', 1)], 'no_stream'),
      store.append('doc', [event('Two', 2), event('Three', 3)], 0n),
    ]);
    expect([first.nextExpectedRevision, second.nextExpectedRevision]).to.deep.equal([0n, 2n]);
    const stream = await store.readStream('doc');
    expect(stream.map((e) => [e.type, e.revision])).to.deep.equal([['One', 0n], ['Two', 1n], ['Three', 2n]]);
    expect((await verifyTrail(store)).findings).to.deep.equal([]);
  });

  it('given a duplicate event id in a group, then that append alone is refused and leaves nothing behind', async () => {
    const id = randomUUID();
    const results = await Promise.allSettled([
      store.append('x', [event('X', 1, id)], 'no_stream'),
      store.append('y', [event('Y1', 2), event('Y2', 3, id)], 'no_stream'),
      store.append('z', [event('Z', 4)], 'no_stream'),
    ]);
    expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('y')).to.deep.equal([]);
  });

  it('given a one-event append refused for a duplicate id between two others, then it leaves nothing and its stream can still begin', async () => {
    const id = randomUUID();
    await store.append('before', [event('Before', 0, id)], 'no_stream');
    const results = await Promise.allSettled([
      store.append('a', [event('A', 1)], 'no_stream'),
      store.append('dup', [event('Dup', 2, id)], 'no_stream'),
      store.append('b', [event('B', 3)], 'no_stream'),
    ]);
    expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.readStream('dup')).to.deep.equal([]);
    expect((await store.readAll({ after: 0n, maxCount: 10 })).map((e) => e.type)).to.deep.equal(['Before', 'A', 'B']);
    const again = await store.append('dup', [event('Dup', 4)], 'no_stream');
    expect(again.nextExpectedRevision).to.equal(0n);
    expect((await verifyTrail(store)).findings).to.deep.equal([]);
  });

  it('given another connection holding the write lock, then the group waits and is written once it is released', async () => {
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    const pending = Promise.all([store.append('p', [event('P', 1)], 'no_stream'), store.append('q', [event('Q', 2)], 'no_stream')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.readAll({ after: 0n, maxCount: 10 })).to.deep.equal([]);
    other.exec('COMMIT');
    other.close();
    const written = await pending;
    expect(written.map((result) => result.nextExpectedRevision)).to.deep.equal([0n, 0n]);
    expect((await store.readAll({ after: 0n, maxCount: 10 })).map((e) => e.type)).to.deep.equal(['P', 'Q']);
  });

  it('given a group refused for the write lock, then it is tried on the next two turns, then after 4 ms up to 20, for ten seconds', () => {
    expect([2, 3, 4, 5, 19, 20, 21, 500].map((attempt) => busyRetryDelay(attempt, 0))).to.deep.equal([0, 0, 4, 5, 19, 20, 20, 20]);
    expect(busyRetryDelay(700, 9_999)).to.equal(20);
    expect(busyRetryDelay(4, 10_000)).to.equal(undefined);
  });

  it('given a live subscription waiting, then an appender goes on after its commit before the subscription reads the event', async () => {
    const subscription = store.subscribeToAll({ after: 0n });
    const messages = subscription[Symbol.asyncIterator]();
    expect((await messages.next()).value).to.deep.equal({ kind: 'caught-up' });
    const order: string[] = [];
    const received = messages.next().then((message) => order.push(`subscription read ${message.value?.kind}`));
    await store.append('s', [event('E', 1)], 'no_stream');
    // What an appender does next without leaving the event loop's turn (deciding, answering): 50 microtask hops.
    for (let hop = 0; hop < 50; hop += 1) await Promise.resolve();
    order.push('appender went on');
    await received;
    await subscription.close();
    expect(order).to.deep.equal(['appender went on', 'subscription read event']);
  });

  it('given appends still queued when the store closes, then they are written before it closes', async () => {
    const pending = store.append('late', [event('Late', 1)], 'no_stream');
    await store.close();
    await pending;
    const again = new SqliteEventStore(file);
    try {
      expect((await again.readStream('late')).map((e) => e.type)).to.deep.equal(['Late']);
    } finally {
      await again.close();
    }
  });
});
