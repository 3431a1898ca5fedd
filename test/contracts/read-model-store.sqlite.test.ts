import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { StoreUnavailableError } from '../../application/ports/store-errors.ts';
import { SqliteReadModelStore } from '../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';
import { readModelKeysetContract } from './read-model-keyset.contract.ts';
import { readModelTalliesContract } from './read-model-tallies.contract.ts';

function tempFile(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'read-models-'));
  return { file: join(dir, 'read-models.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const sqliteFixture = async () => {
  const temp = tempFile();
  let store = new SqliteReadModelStore(temp.file);
  return {
    get store() {
      return store;
    },
    reopen: async () => {
      await store.close();
      store = new SqliteReadModelStore(temp.file);
      return store;
    },
    cleanup: async () => {
      await store.close();
      temp.remove();
    },
  };
};

readModelStoreContract('SqliteReadModelStore', sqliteFixture);
readModelTalliesContract('SqliteReadModelStore', sqliteFixture);
readModelKeysetContract('SqliteReadModelStore', sqliteFixture);

describe('SqliteReadModelStore indexes', () => {
  const indexesOf = (file: string, table: string) => {
    const db = new Database(file, { readonly: true });
    try {
      return db
        .prepare<[string], { name: string; columns: string }>(
          `SELECT m.name, (SELECT group_concat(name, ',') FROM pragma_index_info(m.name)) AS columns
           FROM sqlite_master m WHERE m.type = 'index' AND m.tbl_name = ? AND m.sql IS NOT NULL ORDER BY m.name`,
        )
        .all(table)
        .map((index) => index.columns);
    } finally {
      db.close();
    }
  };

  it('given a file made with other indexes, when the collection opens with new ones, then only the new ones remain and new columns are filled', async () => {
    const temp = tempFile();
    const key = { tenantId: 't1', environment: 'test', id: 'a' };
    try {
      const first = new SqliteReadModelStore(temp.file);
      await first.collection({ name: 'evolving', indexes: [['status', 'issuedAt'], ['number']] }).upsert(key, 1n, { id: 'a', status: 'sent', number: 'N1', customer: 'C1', issuedAt: '2024-05-01' });
      await first.close();
      expect(indexesOf(temp.file, 'rm_evolving')).to.have.members(['tenant_id,environment,f_status,f_issuedAt,id', 'tenant_id,environment,f_number,id']);

      const second = new SqliteReadModelStore(temp.file);
      try {
        const rows = second.collection<{ id: string; status: string }>({ name: 'evolving', indexes: [['status'], ['customer', 'issuedAt']] });
        expect(indexesOf(temp.file, 'rm_evolving')).to.have.members(['tenant_id,environment,f_status,id', 'tenant_id,environment,f_customer,f_issuedAt,id']);
        const { tenantId, environment } = key;
        expect((await rows.find({ tenantId, environment, where: { customer: 'C1' }, orderBy: [['issuedAt', 'asc']] })).map((row) => row.id)).to.deep.equal(['a']);
      } finally {
        await second.close();
      }
    } finally {
      temp.remove();
    }
  });
});

describe('SqliteReadModelStore under a lock held by another connection', () => {
  it('given another connection holds the write lock past the busy timeout, then writes fail as StoreUnavailableError, reads still answer, and writes work once it lets go', async () => {
    const temp = tempFile();
    const store = new SqliteReadModelStore(temp.file, { busyTimeoutMs: 50 });
    const holder = new Database(temp.file);
    const key = { tenantId: 't1', environment: 'test', id: 'a' };
    try {
      const rows = store.collection<{ id: string; status: string }>({ name: 'locked', indexes: [['status']] });
      await rows.upsert(key, 1n, { id: 'a', status: 'sent' });
      // The store commits its writes a few milliseconds after the first one.
      await new Promise((resolve) => setTimeout(resolve, 30));
      holder.exec('BEGIN IMMEDIATE');

      const writes: Array<[string, () => Promise<unknown>]> = [
        ['upsert', () => rows.upsert(key, 2n, { id: 'a', status: 'validated' })],
        ['clear', () => rows.clear()],
        ['checkpoint store', () => store.checkpoints.store('locked', 5n)],
        ['settings set', () => store.settings.set('locked', 'yes')],
        ['drop', () => store.dropCollection('other')],
      ];
      for (const [name, write] of writes) {
        const error = await write().then(
          () => expect.fail(`${name} should fail while the lock is held`),
          (failure: unknown) => failure,
        );
        expect(error, name).to.be.instanceOf(StoreUnavailableError);
        expect((error as Error).message, name).to.match(/^read models unavailable: SQLite .*database is locked/);
        expect((error as Error).cause, name).to.have.property('code', 'SQLITE_BUSY');
      }
      expect(await rows.get(key)).to.deep.equal({ id: 'a', status: 'sent' });
      expect(await rows.count({ tenantId: 't1', environment: 'test' })).to.equal(1);

      holder.exec('ROLLBACK');
      expect(await rows.upsert(key, 2n, { id: 'a', status: 'validated' })).to.equal(true);
      expect(await rows.get(key)).to.deep.equal({ id: 'a', status: 'validated' });
    } finally {
      holder.close();
      await store.close();
      temp.remove();
    }
  });
});
