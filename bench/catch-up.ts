import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../application/documents/document-row.ts';
import type { EventData, ExpectedRevision } from '../application/ports/event-store.ts';
import { SubscriptionRunner } from '../application/subscriptions/subscription-runner.ts';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { SqliteReadModelStore } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { WalCheckpointer } from '../infrastructure/sqlite/wal-checkpointer.ts';
import { DocumentsProjection } from '../projections/documents/documents-projection.ts';
import { makeTempDir, removeTempDir } from './resources.ts';
import { benchTenant, documentHistory, type DocumentHistory } from './sample-events.ts';

export interface CatchUpResult {
  events: number;
  documents: number;
  seconds: number;
  eventsPerSecond: number;
  /** Untimed: building and appending the log. */
  setupSeconds: number;
}

/** Documents are issued in waves of this many, then submitted, then validated, as the workers interleave them. */
const WAVE = 100;

/**
 * Writes `total` document events (DocumentCreated, DocumentSubmissionStarted, DocumentValidated per document, each
 * its own append as in the service) into a fresh SQLite event store, then times the `documents` projection
 * (SubscriptionRunner + DocumentsProjection + SqliteReadModelStore, wired as the Container wires it, with the service's
 * WAL checkpoint thread) from the
 * start of the log until runner.waitFor(head) resolves.
 */
export async function runCatchUp(total = Number(process.env.BENCH_CATCHUP_EVENTS ?? 100_000)): Promise<CatchUpResult> {
  const dir = makeTempDir('catch-up');
  const eventsFile = join(dir, 'events.sqlite');
  try {
    const setupStart = performance.now();
    const { events, documents } = await writeLog(eventsFile, total);
    const setupSeconds = (performance.now() - setupStart) / 1000;

    // A fresh store instance on the file, as after a restart: the runner catches up by reading, not by being woken.
    const store = new SqliteEventStore(eventsFile);
    const readModelsFile = join(dir, 'read-models.sqlite');
    const readModels = new SqliteReadModelStore(readModelsFile);
    // The service checkpoints its SQLite files' write-ahead logs on a thread of their own (api/main.ts): so does this.
    const checkpointer = new WalCheckpointer(createLogger('silent'));
    checkpointer.start([eventsFile, readModelsFile]);
    const runner = new SubscriptionRunner(
      store,
      readModels.checkpoints,
      new DocumentsProjection(readModels.collection<DocumentRow>(DOCUMENTS_COLLECTION)),
      createLogger('silent'),
      { checkpointEvery: 500 },
    );
    try {
      const head = await store.headPosition();
      const start = performance.now();
      await runner.start();
      await runner.waitFor(head, 600_000);
      const seconds = (performance.now() - start) / 1000;
      return { events, documents, seconds, eventsPerSecond: events / seconds, setupSeconds };
    } finally {
      await runner.stop().catch(() => undefined);
      await checkpointer.stop();
      await readModels.close();
      await store.close();
    }
  } finally {
    removeTempDir(dir);
  }
}

async function writeLog(file: string, total: number): Promise<{ events: number; documents: number }> {
  const store = new SqliteEventStore(file);
  try {
    const tenant = benchTenant();
    const start = Date.UTC(2026, 0, 15, 14, 0, 0);
    let events = 0;
    let documents = 0;
    while (events < total) {
      const size = Math.min(WAVE, Math.ceil((total - events) / 3));
      const wave: DocumentHistory[] = [];
      for (let i = 0; i < size; i += 1) {
        wave.push(documentHistory(tenant, documents, new Date(start + documents * 1_000)));
        documents += 1;
      }
      const phases: Array<[(doc: DocumentHistory) => EventData, ExpectedRevision]> = [
        [(doc) => doc.created, 'no_stream'],
        [(doc) => doc.started, 0n],
        [(doc) => doc.validated, 1n],
      ];
      for (const [eventOf, expected] of phases) {
        for (const doc of wave) {
          if (events >= total) break;
          await store.append(doc.streamId, [eventOf(doc)], expected);
          events += 1;
        }
      }
    }
    return { events, documents };
  } finally {
    await store.close();
  }
}
