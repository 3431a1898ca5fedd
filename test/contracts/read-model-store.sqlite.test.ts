import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { SqliteReadModelStore } from '../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { readModelStoreContract } from './read-model-store.contract.ts';

function tempFile(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'read-models-'));
  return { file: join(dir, 'read-models.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

readModelStoreContract('SqliteReadModelStore', async () => {
  const temp = tempFile();
  const store = new SqliteReadModelStore(temp.file);
  return {
    store,
    cleanup: async () => {
      await store.close();
      temp.remove();
    },
  };
});

describe('SqliteReadModelStore restart', () => {
  it('keeps rows, revisions and checkpoints after reopening the same file', async () => {
    const temp = tempFile();
    const definition = { name: 'restart_rows', indexes: [['status']] };
    const key = { tenantId: 't1', environment: 'live', id: 'a' };
    try {
      const first = new SqliteReadModelStore(temp.file);
      await first.collection(definition).upsert(key, 3n, { id: 'a', status: 'sent' });
      await first.checkpoints.store('invoices', 1234n);
      await first.close();

      const second = new SqliteReadModelStore(temp.file);
      try {
        const rows = second.collection<{ id: string; status: string }>(definition);
        expect(await rows.get(key)).to.deep.equal({ id: 'a', status: 'sent' });
        expect(await rows.upsert(key, 3n, { id: 'a', status: 'replayed' })).to.equal(false);
        expect(await second.checkpoints.load('invoices')).to.equal(1234n);
        await second.checkpoints.store('invoices', 1300n);
        expect(await second.checkpoints.load('invoices')).to.equal(1300n);
      } finally {
        await second.close();
      }
    } finally {
      temp.remove();
    }
  });
});
