import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { READ_MODELS_PAGE_SIZE, SqliteReadModelStore } from '../../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';

interface Row {
  id: string;
  body: string;
}

const key = (id: string) => ({ tenantId: 't1', environment: 'test', id });

describe('SqliteReadModelStore page size (bigger pages for a new file, an existing file kept as it is)', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'page-size-'));
    file = join(dir, 'read-models.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const pageSizeOf = (path: string): number => {
    const db = new Database(path, { readonly: true });
    try {
      return db.pragma('page_size', { simple: true }) as number;
    } finally {
      db.close();
    }
  };

  it('given no file yet, then the store makes it with 16 KiB pages and rows bigger than a 4 KiB page read back whole', async () => {
    const store = new SqliteReadModelStore(file);
    const rows = store.collection<Row>({ name: 'paged', indexes: [] });
    const body = 'x'.repeat(6_000);
    await rows.upsert(key('a'), 1n, { id: 'a', body });
    await store.close();

    expect(READ_MODELS_PAGE_SIZE).to.equal(16_384);
    expect(pageSizeOf(file)).to.equal(16_384);
    const reopened = new SqliteReadModelStore(file);
    try {
      expect((await reopened.collection<Row>({ name: 'paged', indexes: [] }).get(key('a')))?.body).to.equal(body);
    } finally {
      await reopened.close();
    }
  });

  it('given a file made with 4 KiB pages (an older deployment), then the store keeps its page size and its rows, and writes on', async () => {
    const old = new Database(file);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE kept (n INTEGER)');
    old.prepare('INSERT INTO kept (n) VALUES (?)').run(7);
    old.close();

    const store = new SqliteReadModelStore(file);
    try {
      const rows = store.collection<Row>({ name: 'paged', indexes: [] });
      await rows.upsert(key('b'), 1n, { id: 'b', body: 'y' });
      store.flush();
      expect((await rows.get(key('b')))?.body).to.equal('y');
    } finally {
      await store.close();
    }
    expect(pageSizeOf(file)).to.equal(4_096);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT n FROM kept').get()).to.deep.equal({ n: 7 });
    } finally {
      db.close();
    }
  });
});
