import type { Logger } from 'pino';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import type { ReadModelStore } from '../ports/read-model-store.ts';
import type { EventHandler } from '../subscriptions/event-handler.ts';
import { SubscriptionRunner } from '../subscriptions/subscription-runner.ts';
import { projectionCollections, revisionOf, type ProjectionDefinition } from './projection-definition.ts';
import { checkpointName, physicalName, type ProjectionVersions } from './projection-versions.ts';

export interface RebuildProgress {
  projection: string;
  version: number;
  /** Log position reached, and the position of the last event the projection takes. */
  position: bigint;
  head: bigint;
  events: number;
  eventsPerSecond: number;
  etaSeconds: number | null;
  /** building the rows, indexing them (once caught up), switching readers to the new version, done or interrupted. */
  phase: 'building' | 'indexing' | 'switching' | 'done' | 'interrupted';
}

interface RebuildOptions {
  onProgress?(progress: RebuildProgress): void;
  signal?: AbortSignal;
  progressIntervalMs?: number;
  /** After the switch, the new version keeps following the log this long, so every reader has moved to it. */
  graceMs?: number;
}

/** How many events a rebuild handles between two checkpoints (and so, on SQLite, at most between two commits). */
export const REBUILD_CHECKPOINT_EVERY = 2_000;

/**
 * Builds a new version of a projection from the start of the log while the active one keeps serving; when it has
 * caught up it becomes the active version, then the old one is dropped. Interrupted, it resumes where it stopped.
 */
export class ProjectionRebuild {
  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly versions: ProjectionVersions,
    private readonly logger: Logger,
  ) {}

  async run(definition: ProjectionDefinition, options: RebuildOptions = {}): Promise<RebuildProgress> {
    const previous = await this.versions.active(definition.name);
    const { version, abandoned } = await this.versions.startBuilding(definition.name, revisionOf(definition));
    if (abandoned !== undefined) {
      for (const collection of definition.collections) await this.readModels.dropCollection(physicalName(collection.name, abandoned));
    }
    // Nothing reads the new version until the switch: its rows are written without indexes, made once it has caught up.
    const collections = projectionCollections(definition, (spec) => this.readModels.collection({ ...spec, name: physicalName(spec.name, version) }, { building: true }));
    let events = 0;
    const inner = definition.create({ collections });
    const handler: EventHandler = {
      name: checkpointName(definition.name, version),
      kind: inner.kind,
      filter: inner.filter,
      handle: async (event: RecordedEvent) => {
        await inner.handle(event);
        events += 1;
      },
      ...(inner.handleBatch && {
        handleBatch: async (batch: readonly RecordedEvent[]) => {
          await inner.handleBatch!(batch);
          events += batch.length;
        },
      }),
    };
    const runner = new SubscriptionRunner(this.events, this.readModels.checkpoints, handler, this.logger, { checkpointEvery: REBUILD_CHECKPOINT_EVERY });
    const started = Date.now();
    let startedAt: bigint | undefined;
    const progress = async (phase: RebuildProgress['phase']): Promise<RebuildProgress> => {
      const head = await this.events.headPosition();
      const position = BigInt(runner.status().position ?? '0');
      startedAt ??= position;
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      // Log positions per second against the positions left: the same unit on every store (events or bytes).
      const rate = Number(position - startedAt) / seconds;
      const remaining = head > position ? Number(head - position) : 0;
      const report = { projection: definition.name, version, position, head, events, eventsPerSecond: events / seconds, etaSeconds: rate > 0 ? remaining / rate : null, phase };
      options.onProgress?.(report);
      return report;
    };

    await runner.start();
    try {
      while (!runner.caughtUp) {
        if (options.signal?.aborted) return await progress('interrupted');
        if (runner.status().state === 'failed') throw new Error(`rebuild of ${definition.name} failed: ${runner.status().error}`);
        await progress('building');
        await sleep(options.progressIntervalMs ?? 500);
      }
      await progress('indexing');
      for (const collection of definition.collections) await this.readModels.finishBuilding({ ...collection, name: physicalName(collection.name, version) });
      await this.versions.switchTo(definition.name, version, revisionOf(definition));
      await progress('switching');
      await sleep(options.graceMs ?? 2_000);
      await this.settled(runner, 60_000);
    } finally {
      await runner.stop();
    }
    if (previous !== version) {
      for (const collection of definition.collections) await this.readModels.dropCollection(physicalName(collection.name, previous));
    }
    this.logger.info({ projection: definition.name, version, events }, 'projection rebuilt');
    return progress('done');
  }

  /** Waits until the runner is live with nothing in flight, so what it read is all written before it stops. */
  private async settled(runner: SubscriptionRunner, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!runner.caughtUp && Date.now() < deadline && runner.status().state !== 'failed') await sleep(20);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
