import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { StoreUnavailableError } from '../../application/ports/store-errors.ts';
import { COMMIT_SPACING_MS } from '../../infrastructure/read-models/sqlite/commit-window.ts';
import { SqliteReadModelStore } from '../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';
import { readModelKeysetContract } from './read-model-keyset.contract.ts';
import { readModelTalliesContract } from './read-model-tallies.contract.ts';
import { readModelRemovalContract } from './read-model-removal.contract.ts';

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
readModelRemovalContract('SqliteReadModelStore', sqliteFixture);

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

describe('SqliteReadModelStore commits', () => {
  it('given a thread that writes a row on every turn without pause, then its rows still commit while it goes on, seen by another connection', async () => {
    const temp = tempFile();
    const store = new SqliteReadModelStore(temp.file);
    const rows = store.collection<{ id: string }>({ name: 'busy', indexes: [] });
    const reader = () => {
      const db = new Database(temp.file, { readonly: true });
      try {
        return db.prepare<[], { n: number }>("SELECT count(*) AS n FROM rm_busy").get()!.n;
      } catch {
        return 0;
      } finally {
        db.close();
      }
    };
    try {
      let written = 0;
      let seenWhileWriting = 0;
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && seenWhileWriting === 0) {
        await rows.upsert({ tenantId: 't1', environment: 'test', id: `r${written}` }, 0n, { id: `r${written}` });
        written += 1;
        if (written % 50 === 0) seenWhileWriting = reader();
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(seenWhileWriting, 'rows committed while the writes went on').to.be.greaterThan(0);
      expect(seenWhileWriting).to.be.lessThan(written);
    } finally {
      await store.close();
      temp.remove();
    }
  });

  it('given a thread that writes a row every couple of milliseconds, then it commits at most once per COMMIT_SPACING_MS, and every row is committed in the end', async () => {
    const temp = tempFile();
    const store = new SqliteReadModelStore(temp.file);
    const rows = store.collection<{ id: string }>({ name: 'steady', indexes: [] });
    const probe = () => new Database(temp.file, { readonly: true });
    try {
      await rows.upsert({ tenantId: 't1', environment: 'test', id: 'first' }, 0n, { id: 'first' });
      await new Promise((resolve) => setTimeout(resolve, COMMIT_SPACING_MS * 2));
      const other = probe();
      let commits = 0;
      let version = other.pragma('data_version', { simple: true }) as number;
      const started = performance.now();
      let written = 0;
      while (performance.now() - started < COMMIT_SPACING_MS * 10) {
        await rows.upsert({ tenantId: 't1', environment: 'test', id: `r${written}` }, 0n, { id: `r${written}` });
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
        const now = other.pragma('data_version', { simple: true }) as number;
        if (now !== version) commits += 1;
        version = now;
      }
      const elapsed = performance.now() - started;
      other.close();
      expect(written, 'rows written').to.be.greaterThan(20);
      expect(commits, `commits in ${Math.round(elapsed)} ms`).to.be.at.least(1);
      expect(commits, `commits in ${Math.round(elapsed)} ms`).to.be.at.most(Math.ceil(elapsed / COMMIT_SPACING_MS) + 1);
      await new Promise((resolve) => setTimeout(resolve, COMMIT_SPACING_MS * 2));
      const reader = probe();
      expect(reader.prepare<[], { n: number }>('SELECT count(*) AS n FROM rm_steady').get()!.n).to.equal(written + 1);
      reader.close();
    } finally {
      await store.close();
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
