import { performance } from 'node:perf_hooks';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../application/documents/document-row.ts';
import { SubscriptionRunner } from '../application/subscriptions/subscription-runner.ts';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { SqliteReadModelStore } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { WalCheckpointer } from '../infrastructure/sqlite/wal-checkpointer.ts';
import { DocumentsProjection } from '../projections/documents/documents-projection.ts';

export interface CatchUpFiles {
  eventsFile: string;
  /** Made by this run: a new read-models file, as for a projection that starts from the beginning of the log. */
  readModelsFile: string;
}

/** As the service's runners checkpoint while catching up. */
export const CATCH_UP_CHECKPOINT_EVERY = 500;

/**
 * Times the `documents` projection from the start of the log until runner.waitFor(head) resolves:
 * SubscriptionRunner + DocumentsProjection + SqliteReadModelStore, wired as the Container wires them, with the
 * service's WAL checkpoint thread. A fresh store instance on the file, as after a restart: the runner catches up by
 * reading, not by being woken.
 */
export async function timeCatchUp({ eventsFile, readModelsFile }: CatchUpFiles): Promise<{ seconds: number }> {
  const store = new SqliteEventStore(eventsFile);
  const readModels = new SqliteReadModelStore(readModelsFile);
  // The service checkpoints its SQLite files' write-ahead logs on a thread of their own (api/main.ts): so does this.
  const checkpointer = new WalCheckpointer(createLogger('silent'));
  checkpointer.start([eventsFile, readModelsFile]);
  const runner = new SubscriptionRunner(
    store,
    readModels.checkpoints,
    new DocumentsProjection(readModels.collection<DocumentRow>(DOCUMENTS_COLLECTION)),
    createLogger('silent'),
    { checkpointEvery: CATCH_UP_CHECKPOINT_EVERY },
  );
  try {
    const head = await store.headPosition();
    const start = performance.now();
    await runner.start();
    await runner.waitFor(head, 600_000);
    return { seconds: (performance.now() - start) / 1000 };
  } finally {
    await runner.stop().catch(() => undefined);
    await checkpointer.stop();
    await readModels.close();
    await store.close();
  }
}
