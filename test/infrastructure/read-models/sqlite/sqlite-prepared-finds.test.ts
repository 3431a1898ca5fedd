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

const LISTED: CollectionDefinition = { name: 'listed', indexes: [['status', 'listedAt']] };
const partition = { tenantId: 't1', environment: 'test' };
const sentNewestFirst = { ...partition, where: { status: 'sent' }, orderBy: [['listedAt', 'desc']] as Array<[string, 'desc']> };

describe('SqliteCollection finds and counts, prepared once per shape', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'prepared-finds-'));
    file = join(dir, 'read-models.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a find prepared with an index hint, when another connection drops that index, then the same find still answers, from then on without the hint', async () => {
    const store = new SqliteReadModelStore(file);
    try {
      const rows = store.collection<Row>(LISTED);
      for (const [id, status, listedAt] of [['a', 'sent', '2026-01-01'], ['b', 'sent', '2026-01-03'], ['c', 'rejected', '2026-01-02']]) {
        await rows.upsert({ ...partition, id }, 1n, { id, status, listedAt });
      }
      store.flush();
      expect((await rows.find(sentNewestFirst)).map((row) => row.id)).to.deep.equal(['b', 'a']);

      const other = new Database(file);
      const index = other.prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_listed' AND sql IS NOT NULL`).get()!.name;
      other.exec(`DROP INDEX ${index}`);
      other.close();

      expect((await rows.find(sentNewestFirst)).map((row) => row.id)).to.deep.equal(['b', 'a']);
      expect((await rows.find(sentNewestFirst)).map((row) => row.id)).to.deep.equal(['b', 'a']);
      expect(await rows.count({ ...partition, where: { status: 'sent' } })).to.equal(2);
    } finally {
      await store.close();
    }
  });

  it('given rows written after a find was prepared, then the same find and count see them', async () => {
    const store = new SqliteReadModelStore(file);
    try {
      const rows = store.collection<Row>(LISTED);
      await rows.upsert({ ...partition, id: 'a' }, 1n, { id: 'a', status: 'sent', listedAt: '2026-01-01' });
      expect((await rows.find(sentNewestFirst)).map((row) => row.id)).to.deep.equal(['a']);
      expect(await rows.count({ ...partition, where: { status: 'sent' } })).to.equal(1);
      await rows.upsert({ ...partition, id: 'b' }, 1n, { id: 'b', status: 'sent', listedAt: '2026-01-05' });
      store.flush();
      expect((await rows.find(sentNewestFirst)).map((row) => row.id)).to.deep.equal(['b', 'a']);
      expect(await rows.count({ ...partition, where: { status: 'sent' } })).to.equal(2);
    } finally {
      await store.close();
    }
  });
});
