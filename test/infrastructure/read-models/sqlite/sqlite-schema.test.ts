import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DOCUMENTS_COLLECTION } from '../../../../application/documents/document-row.ts';
import type { CollectionDefinition } from '../../../../application/ports/read-model-store.ts';
import { SqliteReadModelStore } from '../../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { atOnce } from '../../../support/at-once.ts';

describe('SQLite read models: a collection\'s schema made by several connections at once', () => {
  it('given four threads making the documents collection on the same 100 new files at the same instants, then none fails', async function () {
    this.timeout(60_000);
    // Before the schema was changed under the write lock, 43 of 240 such makings failed: "duplicate column name"
    // (two connections adding the same column) or "database is locked" (a reader refused its upgrade to writer).
    expect(await atOnce('documents collection', { threads: 4, files: 100 })).to.deep.equal([]);
  });

  it('given the schema is complete and another connection is writing, then the collection opens at once (no write lock taken)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schema-'));
    const file = join(dir, 'read-models.sqlite');
    const writer = new SqliteReadModelStore(file);
    const reader = new SqliteReadModelStore(file, { busyTimeoutMs: 0 });
    try {
      // The documents collection's definition (indexes and tallies), with rows of the test's own shape.
      const definition: CollectionDefinition = DOCUMENTS_COLLECTION;
      const rows = writer.collection<{ status: string }>(definition);
      writer.flush();
      // Holds the write transaction open: the row waits for its commit window.
      await rows.upsert({ tenantId: 't1', environment: 'test', id: 'd1' }, 0n, { status: 'pending' });
      expect(await reader.collection<{ status: string }>(definition).get({ tenantId: 't1', environment: 'test', id: 'd1' })).to.equal(null);
    } finally {
      await reader.close();
      await writer.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
