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
const PLAIN: CollectionDefinition = { name: 'plain', indexes: [['status']] };
const partition = { tenantId: 't1', environment: 'test' };
const row = (id: string, status: string): Row => ({ id, status, listedAt: '2026-01-01' });

describe('SqliteReadModelStore rows of a tallied collection (they wait in memory until the commit, written once each)', () => {
  let dir: string;
  let file: string;
  let store: SqliteReadModelStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'waiting-rows-'));
    file = join(dir, 'read-models.sqlite');
    store = new SqliteReadModelStore(file);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Counts the inserts and updates the table receives (committed ones), through triggers made by another connection. */
  function countWrites(table: string): () => number {
    const db = new Database(file);
    try {
      db.exec(`CREATE TABLE IF NOT EXISTS test_writes (n INTEGER NOT NULL); DELETE FROM test_writes; INSERT INTO test_writes VALUES (0);
        CREATE TRIGGER ${table}_inserted AFTER INSERT ON ${table} BEGIN UPDATE test_writes SET n = n + 1; END;
        CREATE TRIGGER ${table}_updated AFTER UPDATE ON ${table} BEGIN UPDATE test_writes SET n = n + 1; END;`);
    } finally {
      db.close();
    }
    return () => {
      const reader = new Database(file, { readonly: true });
      try {
        return reader.prepare<[], { n: number }>('SELECT n FROM test_writes').get()!.n;
      } finally {
        reader.close();
      }
    };
  }

  const committed = (table: string, id: string): { revision: number; doc: string } | undefined => {
    const db = new Database(file, { readonly: true });
    try {
      return db.prepare<[string], { revision: number; doc: string }>(`SELECT revision, doc FROM ${table} WHERE id = ?`).get(id);
    } finally {
      db.close();
    }
  };

  it('given one row written three times in one transaction, then the table receives one insert, holding the newest revision', async () => {
    const rows = store.collection<Row>(TALLIED);
    const writes = countWrites('rm_tallied');
    expect(await rows.upsert({ ...partition, id: 'a' }, 0n, row('a', 'pending'))).to.equal(true);
    expect(await rows.upsert({ ...partition, id: 'a' }, 1n, row('a', 'sent'))).to.equal(true);
    expect(await rows.upsert({ ...partition, id: 'a' }, 2n, row('a', 'validated'))).to.equal(true);
    store.flush();
    expect(writes()).to.equal(1);
    const stored = committed('rm_tallied', 'a')!;
    expect(stored.revision).to.equal(2);
    expect(JSON.parse(stored.doc)).to.deep.equal(row('a', 'validated'));
  });

  it('given a row committed, then written twice more in the next transaction, then it is updated once and its tally moves once', async () => {
    const rows = store.collection<Row>(TALLIED);
    await rows.upsert({ ...partition, id: 'a' }, 0n, row('a', 'pending'));
    store.flush();
    const writes = countWrites('rm_tallied');
    await rows.upsert({ ...partition, id: 'a' }, 1n, row('a', 'sent'));
    await rows.upsert({ ...partition, id: 'a' }, 2n, row('a', 'validated'));
    store.flush();
    expect(writes()).to.equal(1);
    expect(committed('rm_tallied', 'a')!.revision).to.equal(2);
    const listed = { listedAt: { gt: '' } };
    expect(await rows.count({ ...partition, where: { ...listed, status: 'pending' } })).to.equal(0);
    expect(await rows.count({ ...partition, where: { ...listed, status: 'validated' } })).to.equal(1);
  });

  it('given a revision not newer than the waiting one or the stored one, then the upsert answers false and changes nothing', async () => {
    const rows = store.collection<Row>(TALLIED);
    await rows.upsert({ ...partition, id: 'stored' }, 5n, row('stored', 'validated'));
    store.flush();
    expect(await rows.upsert({ ...partition, id: 'stored' }, 5n, row('stored', 'pending'))).to.equal(false);
    expect(await rows.upsert({ ...partition, id: 'stored' }, 3n, row('stored', 'pending'))).to.equal(false);
    await rows.upsert({ ...partition, id: 'waiting' }, 4n, row('waiting', 'sent'));
    expect(await rows.upsert({ ...partition, id: 'waiting' }, 4n, row('waiting', 'pending'))).to.equal(false);
    expect(await rows.upsert({ ...partition, id: 'waiting' }, 2n, row('waiting', 'pending'))).to.equal(false);
    store.flush();
    expect(JSON.parse(committed('rm_tallied', 'stored')!.doc).status).to.equal('validated');
    expect(committed('rm_tallied', 'waiting')).to.deep.include({ revision: 4 });
    expect(JSON.parse(committed('rm_tallied', 'waiting')!.doc).status).to.equal('sent');
  });

  it('given rows waiting, then this store reads, finds and counts them before the commit, and another connection does not see them until it', async () => {
    const rows = store.collection<Row>(TALLIED);
    await rows.upsert({ ...partition, id: 'a' }, 1n, row('a', 'sent'));
    await rows.upsert({ ...partition, id: 'b' }, 1n, row('b', 'sent'));
    expect(await rows.get({ ...partition, id: 'a' })).to.deep.equal(row('a', 'sent'));
    const other = new SqliteReadModelStore(file);
    try {
      const seenElsewhere = other.collection<Row>(TALLIED);
      expect(await seenElsewhere.get({ ...partition, id: 'a' })).to.equal(null);
      expect((await rows.find({ ...partition, where: { status: 'sent' }, orderBy: [['id', 'asc']] })).map((found) => found.id)).to.deep.equal(['a', 'b']);
      await rows.upsert({ ...partition, id: 'b' }, 2n, row('b', 'validated'));
      expect(await rows.count({ ...partition, where: { listedAt: { gt: '' }, status: 'sent' } })).to.equal(1);
      expect(await rows.count({ ...partition, where: { status: 'validated' } })).to.equal(1);
      store.flush();
      expect(await seenElsewhere.get({ ...partition, id: 'b' })).to.deep.equal(row('b', 'validated'));
    } finally {
      await other.close();
    }
  });

  it('given a row read back while it waits, then the copy read is the caller\'s own: changing it changes nothing written', async () => {
    const rows = store.collection<Row>(TALLIED);
    await rows.upsert({ ...partition, id: 'a' }, 1n, row('a', 'sent'));
    const read = (await rows.get({ ...partition, id: 'a' }))!;
    read.status = 'changed by the reader';
    store.flush();
    expect(JSON.parse(committed('rm_tallied', 'a')!.doc).status).to.equal('sent');
  });

  it('given rows waiting and the collection cleared, then none of them is written and its tallies are empty', async () => {
    const rows = store.collection<Row>(TALLIED);
    await rows.upsert({ ...partition, id: 'a' }, 1n, row('a', 'sent'));
    await rows.clear();
    await rows.upsert({ ...partition, id: 'b' }, 1n, row('b', 'sent'));
    store.flush();
    expect(committed('rm_tallied', 'a')).to.equal(undefined);
    expect(committed('rm_tallied', 'b')).to.deep.include({ revision: 1 });
    expect(await rows.count({ ...partition, where: { listedAt: { gt: '' }, status: 'sent' } })).to.equal(1);
  });

  it('given a waiting row whose write fails at the commit, then the commit fails and nothing is committed, rows or checkpoint; the row still waits, and closing reports the failure and keeps nothing', async () => {
    const rows = store.collection<Row>(TALLIED);
    const db = new Database(file);
    try {
      db.exec(`CREATE TRIGGER refuse_bad BEFORE INSERT ON rm_tallied WHEN NEW.id = 'bad' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;`);
    } finally {
      db.close();
    }
    await rows.upsert({ ...partition, id: 'good' }, 1n, row('good', 'sent'));
    await rows.upsert({ ...partition, id: 'bad' }, 1n, row('bad', 'sent'));
    await store.checkpoints.store('tallied-projection', 7n);
    expect(() => store.flush()).to.throw(/refused by the test/);
    expect(committed('rm_tallied', 'good')).to.equal(undefined);
    const other = new SqliteReadModelStore(file);
    try {
      expect(await other.checkpoints.load('tallied-projection')).to.equal(undefined);
    } finally {
      await other.close();
    }
    expect(await rows.get({ ...partition, id: 'bad' })).to.deep.equal(row('bad', 'sent'));
    expect(() => store.flush()).to.throw(/refused by the test/);
    const closing = await store.close().then(() => undefined, (error: Error) => error);
    expect(closing?.message).to.match(/refused by the test/);
    expect(committed('rm_tallied', 'good')).to.equal(undefined);
  });

  it('given a collection without tallies, then each write goes to the table at once, as before', async () => {
    const rows = store.collection<Row>(PLAIN);
    const writes = countWrites('rm_plain');
    await rows.upsert({ ...partition, id: 'a' }, 1n, row('a', 'sent'));
    await rows.upsert({ ...partition, id: 'a' }, 2n, row('a', 'validated'));
    store.flush();
    expect(writes()).to.equal(2);
  });
});
