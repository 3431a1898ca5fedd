import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { ReadModelsInUseError, repageReadModels } from '../../../../infrastructure/read-models/sqlite/read-models-repage.ts';
import { READ_MODELS_PAGE_SIZE, SqliteReadModelStore } from '../../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';

interface Row {
  id: string;
  status?: string;
  body: string;
}

const ROWS = { name: 'repaged', indexes: [['status']], tallies: [{ fields: ['status'] }] };
const key = (id: string) => ({ tenantId: 't1', environment: 'test', id });

describe('Read-model page size: 16 KiB for a new file, an older file kept until repageReadModels rewrites it', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'page-size-'));
    file = join(dir, 'read-models.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const inspect = () => {
    const db = new Database(file, { readonly: true });
    try {
      return { pageSize: db.pragma('page_size', { simple: true }), journal: db.pragma('journal_mode', { simple: true }) };
    } finally {
      db.close();
    }
  };

  /** A file made with 4 KiB pages, as the store made them before, holding `rows` rows (some bigger than a page). */
  const olderFile = async (rows = 300) => {
    const db = new Database(file);
    db.pragma('page_size = 4096');
    db.pragma('journal_mode = WAL');
    db.close();
    const store = new SqliteReadModelStore(file);
    const collection = store.collection<Row>(ROWS);
    for (let i = 0; i < rows; i += 1) await collection.upsert(key(`d${i}`), 1n, { id: `d${i}`, status: i % 3 === 0 ? 'validated' : 'pending', body: 'x'.repeat(i * 20) });
    await store.close();
  };

  describe('SqliteReadModelStore', () => {
    it('given no file yet, then the store makes it with 16 KiB pages and rows bigger than a 4 KiB page read back whole', async () => {
      const store = new SqliteReadModelStore(file);
      const rows = store.collection<Row>({ name: 'paged', indexes: [] });
      const body = 'x'.repeat(6_000);
      await rows.upsert(key('a'), 1n, { id: 'a', body });
      await store.close();

      expect(READ_MODELS_PAGE_SIZE).to.equal(16_384);
      expect(inspect().pageSize).to.equal(16_384);
      const reopened = new SqliteReadModelStore(file);
      try {
        expect((await reopened.collection<Row>({ name: 'paged', indexes: [] }).get(key('a')))?.body).to.equal(body);
      } finally {
        await reopened.close();
      }
    });

    it('given a file made with 4 KiB pages (an older deployment), then the store keeps its page size and its rows, and writes on', async () => {
      await olderFile(8);
      const store = new SqliteReadModelStore(file);
      try {
        const rows = store.collection<Row>(ROWS);
        await rows.upsert(key('b'), 1n, { id: 'b', body: 'y' });
        store.flush();
        expect((await rows.get(key('b')))?.body).to.equal('y');
        expect((await rows.get(key('d7')))?.body).to.have.length(7 * 20);
      } finally {
        await store.close();
      }
      expect(inspect().pageSize).to.equal(4_096);
    });
  });

  describe('repageReadModels', () => {
    it('given a file with 4 KiB pages, then it is rewritten with 16 KiB pages in WAL mode, every row, index and tally kept; a second run has nothing to do', async () => {
      await olderFile();
      expect(inspect()).to.deep.equal({ pageSize: 4096, journal: 'wal' });

      expect(repageReadModels(file, READ_MODELS_PAGE_SIZE)).to.deep.equal({ file, from: 4096, to: 16_384, changed: true });
      expect(inspect()).to.deep.equal({ pageSize: 16_384, journal: 'wal' });
      const store = new SqliteReadModelStore(file);
      try {
        const rows = store.collection<Row>(ROWS);
        expect((await rows.get(key('d299')))?.body).to.have.length(299 * 20);
        const partition = { tenantId: 't1', environment: 'test' };
        expect(await rows.count({ ...partition, where: { status: 'validated' } })).to.equal(100);
        expect((await rows.find({ ...partition, where: { status: 'validated' }, orderBy: [['id', 'asc']], limit: 2 })).map((row) => row.id)).to.deep.equal(['d0', 'd102']);
      } finally {
        await store.close();
      }
      expect(repageReadModels(file, READ_MODELS_PAGE_SIZE)).to.deep.equal({ file, from: 16_384, to: 16_384, changed: false });
    });

    it('given the service still has the file open, then it refuses at once and the file keeps its pages and rows', async () => {
      await olderFile();
      const service = new SqliteReadModelStore(file);
      try {
        expect(() => repageReadModels(file, READ_MODELS_PAGE_SIZE)).to.throw(ReadModelsInUseError, /open in another process.*nothing was changed/);
        expect((await service.collection<Row>(ROWS).get(key('d7')))?.status).to.equal('pending');
      } finally {
        await service.close();
      }
      expect(inspect()).to.deep.equal({ pageSize: 4096, journal: 'wal' });
    });

    it('given no file, then it says there is none and makes none', () => {
      expect(() => repageReadModels(file, READ_MODELS_PAGE_SIZE)).to.throw(/no read-model file at .*read-models\.sqlite/);
      expect(() => new Database(file, { fileMustExist: true })).to.throw();
    });
  });
});
