import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteCoordinationStore } from '../../infrastructure/coordination/sqlite-coordination-store.ts';

/** Coordination stores on one temporary SQLite file, each its own connection, as separate processes would have. */
export function sharedCoordinationFile(): { open(): SqliteCoordinationStore; cleanup(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'coordination-'));
  const opened: SqliteCoordinationStore[] = [];
  return {
    open() {
      const store = new SqliteCoordinationStore(join(dir, 'coordination.sqlite'));
      opened.push(store);
      return store;
    },
    async cleanup() {
      for (const store of opened) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
