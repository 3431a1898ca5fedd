import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { CollectionDefinition } from '../../../../application/ports/read-model-store.ts';
import { SqliteReadModelStore } from '../../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';

interface Row {
  id: string;
  status: string;
  listedAt: string;
}

const TALLIED: CollectionDefinition = { name: 'tallied', indexes: [['status']], tallies: [{ fields: ['status'], where: { listedAt: { gt: '' } } }] };
const LISTED = { listedAt: { gt: '' } };
const partition = { tenantId: 't1', environment: 'test' };

describe('SqliteReadModelStore tallies (kept by the writes, settled before each commit)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tallies-'));
    file = join(dir, 'read-models.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const tallyRows = (): Array<{ f_status: string; n: number }> => {
    const db = new Database(file, { readonly: true });
    try {
      const table = db.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'rm_tallied__tally_*'`).get()!.name;
      return db.prepare<[], { f_status: string; n: number }>(`SELECT f_status, n FROM ${table} WHERE n != 0 ORDER BY f_status`).all();
    } finally {
      db.close();
    }
  };

  it('given rows written and not yet committed, then a count on the writing store includes them, and the committed tally holds them after the commit', async () => {
    const store = new SqliteReadModelStore(file);
    try {
      const rows = store.collection<Row>(TALLIED);
      await rows.upsert({ ...partition, id: 'a' }, 1n, { id: 'a', status: 'sent', listedAt: '2026-01-01' });
      await rows.upsert({ ...partition, id: 'b' }, 1n, { id: 'b', status: 'sent', listedAt: '2026-01-01' });
      await rows.upsert({ ...partition, id: 'a' }, 2n, { id: 'a', status: 'validated', listedAt: '2026-01-01' });
      expect(await rows.count({ ...partition, where: { ...LISTED, status: 'sent' } })).to.equal(1);
      expect(await rows.count({ ...partition, where: { ...LISTED, status: 'validated' } })).to.equal(1);
      store.flush();
      expect(tallyRows()).to.deep.equal([
        { f_status: 'sent', n: 1 },
        { f_status: 'validated', n: 1 },
      ]);
    } finally {
      await store.close();
    }
  });

  it('given two stores on one file writing the same rows in turn, then every count is exact', async () => {
    const first = new SqliteReadModelStore(file);
    const second = new SqliteReadModelStore(file);
    try {
      const a = first.collection<Row>(TALLIED);
      const b = second.collection<Row>(TALLIED);
      const statuses = ['pending', 'sent', 'validated', 'rejected'];
      for (let i = 0; i < 40; i += 1) {
        const writer = i % 2 === 0 ? a : b;
        const id = `d${i % 7}`;
        await writer.upsert({ ...partition, id }, BigInt(i), { id, status: statuses[i % 4], listedAt: i % 5 === 0 ? '' : '2026-01-01' });
        (i % 2 === 0 ? first : second).flush();
      }
      const all = await a.find({ ...partition, orderBy: [] });
      for (const status of statuses) {
        const expected = all.filter((row) => row.status === status && row.listedAt > '').length;
        expect(await a.count({ ...partition, where: { ...LISTED, status } }), status).to.equal(expected);
        expect(await b.count({ ...partition, where: { ...LISTED, status } }), status).to.equal(expected);
      }
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('given a file whose tally was kept by triggers, when it opens, then the triggers are gone and the counts stay exact', async () => {
    const store = new SqliteReadModelStore(file);
    const rows = store.collection<Row>(TALLIED);
    await rows.upsert({ ...partition, id: 'a' }, 1n, { id: 'a', status: 'sent', listedAt: '2026-01-01' });
    await store.close();
    const db = new Database(file);
    const table = db.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'rm_tallied__tally_*'`).get()!.name;
    db.exec(`CREATE TRIGGER ${table}_insert AFTER INSERT ON rm_tallied BEGIN UPDATE ${table} SET n = n + 1000; END`);
    db.close();

    const reopened = new SqliteReadModelStore(file);
    try {
      const again = reopened.collection<Row>(TALLIED);
      await again.upsert({ ...partition, id: 'b' }, 1n, { id: 'b', status: 'sent', listedAt: '2026-01-01' });
      reopened.flush();
      expect(await again.count({ ...partition, where: { ...LISTED, status: 'sent' } })).to.equal(2);
      const check = new Database(file, { readonly: true });
      expect(check.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger'`).get()).to.deep.equal({ n: 0 });
      check.close();
    } finally {
      await reopened.close();
    }
  });

  it('given two tallies that both answer a count, then the count sums the one with fewer fields (fewer entries), and both give the same total', async () => {
    // The wider tally first in the definition: the choice must not follow the order they are listed in.
    const twoTallies: CollectionDefinition = {
      name: 'tallied',
      indexes: [['status']],
      tallies: [
        { fields: ['status', 'day'], where: LISTED },
        { fields: ['status'], where: LISTED },
      ],
    };
    const store = new SqliteReadModelStore(file);
    try {
      const rows = store.collection<Row & { day: string }>(twoTallies);
      for (let i = 0; i < 12; i += 1) {
        const id = `d${i}`;
        await rows.upsert({ ...partition, id }, 1n, { id, status: i % 3 === 0 ? 'rejected' : 'sent', listedAt: '2026-01-01', day: `2026-01-0${1 + (i % 4)}` });
      }
      store.flush();
      const db = new Database(file, { readonly: true });
      const tables = db.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name GLOB 'rm_tallied__tally_*'`).all().map((t) => t.name);
      const narrow = tables.find((table) => !db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table).some((c) => c.name === 'f_day'));
      db.close();
      expect(tables).to.have.length(2);
      const sent = { ...partition, where: { ...LISTED, status: 'sent' } };
      expect((await rows.explain(sent)).index).to.equal(`${narrow}_key`);
      expect(await rows.count(sent)).to.equal(8);
      const sentOnOneDay = { ...partition, where: { ...LISTED, status: 'sent', day: '2026-01-02' } };
      expect((await rows.explain(sentOnOneDay)).index).to.not.equal(`${narrow}_key`);
      expect(await rows.count(sentOnOneDay)).to.equal(2);
    } finally {
      await store.close();
    }
  });
});
