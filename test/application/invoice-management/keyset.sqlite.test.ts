import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadModelStore } from '../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { keysetSuite } from './keyset.suite.ts';

keysetSuite('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'integrations-keyset-'));
  const store = new SqliteReadModelStore(join(dir, 'read-models.sqlite'));
  return { store, cleanup: async () => { await store.close(); rmSync(dir, { recursive: true, force: true }); } };
});
