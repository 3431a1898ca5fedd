import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEventId } from '../../../infrastructure/event-store/event-id.ts';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event ids the stores assign', () => {
  it('are version 7 UUIDs that sort in the order they were made, even within one millisecond', () => {
    const ids = Array.from({ length: 5_000 }, () => newEventId());
    for (const id of ids) expect(id).to.match(UUID_V7);
    expect(new Set(ids).size).to.equal(ids.length);
    expect([...ids].sort()).to.deep.equal(ids);
  });

  it('carry the time they were made in their first 48 bits', () => {
    const before = Date.now();
    const id = newEventId();
    const after = Date.now();
    const millis = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(millis).to.be.within(before, after);
  });

  it('are what the SQLite log records for events appended without an id, in append order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'event-id-'));
    const store = new SqliteEventStore(join(dir, 'events.sqlite'));
    try {
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.append(`s-${i}`, [{ type: 'A', data: { i }, metadata: {} }, { type: 'B', data: { i }, metadata: {} }], 'no_stream')));
      const events = await store.readAll({ after: 0n, maxCount: 100 });
      const ids = events.map((event) => event.id);
      expect(ids).to.have.length(40);
      for (const id of ids) expect(id).to.match(UUID_V7);
      expect([...ids].sort()).to.deep.equal(ids);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
