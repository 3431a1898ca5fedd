import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteCoordinationStore } from '../../infrastructure/coordination/sqlite-coordination-store.ts';
import { coordinationStoreContract } from './coordination-store.contract.ts';

coordinationStoreContract('SqliteCoordinationStore', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'coordination-'));
  const file = join(dir, 'coordination.sqlite');
  const opened = [new SqliteCoordinationStore(file)];
  return {
    store: opened[0],
    other: async () => {
      const another = new SqliteCoordinationStore(file);
      opened.push(another);
      return another;
    },
    cleanup: async () => {
      for (const store of opened) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
