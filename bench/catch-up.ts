import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DOCUMENTS_COLLECTION } from '../application/documents/document-row.ts';
import type { EventData, ExpectedRevision } from '../application/ports/event-store.ts';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { CATCH_UP_CHECKPOINT_EVERY } from './catch-up-timing.ts';
import { inProjectionThread } from './projection-thread.ts';
import { makeTempDir, removeTempDir } from './resources.ts';
import { benchTenant, documentHistory, type DocumentHistory } from './sample-events.ts';
import { percentile } from './stats.ts';

export interface CatchUpResult {
  events: number;
  documents: number;
  /** Of the run reported: the median of `runs` by events/s. */
  seconds: number;
  eventsPerSecond: number;
  /** Every run's events/s, in the order run. */
  runs: number[];
  /** The same events read and the same rows written with nothing else (projection-floor.ts): the median of its runs. */
  floorEventsPerSecond: number;
  floorRuns: number[];
  /** Untimed: building and appending the log. */
  setupSeconds: number;
}

/** Documents are issued in waves of this many, then submitted, then validated, as the workers interleave them. */
const WAVE = 100;

/**
 * Writes `total` document events (DocumentCreated, DocumentSubmissionStarted, DocumentValidated per document, each
 * its own append as in the service) into a fresh SQLite event store, then catches the `documents` projection up on
 * it `runs` times (timeCatchUp), each from the start of the log into a new read-models file, in a new worker thread
 * with the heap limits of the service's workers thread: each run is cold, as a catch-up after a restart. Reports the
 * median run. One 2-second run moved by a tenth from one run of the benchmark to the next (47,889 to 52,613 events/s
 * on the same code), more than the changes it was meant to measure; so did the median of three (47,633 to 50,117),
 * hence five. After each run, its floor (the bare reads and writes of the same events and rows) is timed in a thread
 * of its own too: the catch-up's rate over the floor's is its ratio to a baseline measured beside it.
 */
export async function runCatchUp(
  total = Number(process.env.BENCH_CATCHUP_EVENTS ?? 100_000),
  runs = Number(process.env.BENCH_CATCHUP_RUNS ?? 5),
): Promise<CatchUpResult> {
  const dir = makeTempDir('catch-up');
  const eventsFile = join(dir, 'events.sqlite');
  try {
    const setupStart = performance.now();
    const { events, documents } = await writeLog(eventsFile, total);
    const setupSeconds = (performance.now() - setupStart) / 1000;
    const timed: number[] = [];
    const floors: number[] = [];
    for (let run = 1; run <= Math.max(1, runs); run += 1) {
      const readModelsFile = join(dir, `read-models-${run}.sqlite`);
      const floorFile = join(dir, `floor-${run}.sqlite`);
      timed.push((await inProjectionThread('catch-up', { eventsFile, readModelsFile })).seconds);
      const floor = { eventsFile, builtFile: readModelsFile, collection: DOCUMENTS_COLLECTION.name, floorFile, eventsPerCommit: CATCH_UP_CHECKPOINT_EVERY, indexesAfter: false };
      floors.push((await inProjectionThread('floor', floor)).seconds);
      for (const file of [readModelsFile, floorFile]) for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    }
    const seconds = percentile(timed, 50);
    const floorSeconds = percentile(floors, 50);
    return {
      events,
      documents,
      seconds,
      eventsPerSecond: events / seconds,
      runs: timed.map((s) => events / s),
      floorEventsPerSecond: events / floorSeconds,
      floorRuns: floors.map((s) => events / s),
      setupSeconds,
    };
  } finally {
    removeTempDir(dir);
  }
}

/** The catch-up's log: `total` document events in waves of WAVE documents, each event its own append, as the service makes them. */
export async function writeLog(file: string, total: number): Promise<{ events: number; documents: number }> {
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
