import type { Logger } from 'pino';
import type { EventStore } from '../ports/event-store.ts';
import type { ReadModelStore } from '../ports/read-model-store.ts';
import type { ProjectionDefinition } from './projection-definition.ts';
import { ProjectionRebuild, type RebuildProgress } from './projection-rebuild.ts';
import type { ProjectionVersions } from './projection-versions.ts';

export interface RebuildJob {
  projection: string;
  startedAt: string;
  progress: RebuildProgress | null;
  error: string | null;
  finishedAt: string | null;
}

/** Rebuilds started over HTTP, running in this process; the data they write is durable, their progress is not. */
export class RebuildJobs {
  private readonly jobs = new Map<string, RebuildJob>();
  private readonly controllers = new Map<string, AbortController>();

  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly versions: ProjectionVersions,
    private readonly logger: Logger,
  ) {}

  running(name: string): boolean {
    return this.controllers.has(name);
  }

  job(name: string): RebuildJob | undefined {
    return this.jobs.get(name);
  }

  start(definition: ProjectionDefinition, now: Date): RebuildJob {
    if (this.running(definition.name)) throw new Error(`a rebuild of ${definition.name} is already running`);
    const job: RebuildJob = { projection: definition.name, startedAt: now.toISOString(), progress: null, error: null, finishedAt: null };
    const controller = new AbortController();
    this.jobs.set(definition.name, job);
    this.controllers.set(definition.name, controller);
    const rebuild = new ProjectionRebuild(this.events, this.readModels, this.versions, this.logger);
    void rebuild
      .run(definition, { signal: controller.signal, onProgress: (progress) => (job.progress = progress) })
      .catch((error) => {
        job.error = error instanceof Error ? error.message : String(error);
        this.logger.error({ err: error, projection: definition.name }, 'projection rebuild failed');
      })
      .finally(() => {
        job.finishedAt = new Date().toISOString();
        this.controllers.delete(definition.name);
      });
    return job;
  }

  /** Pauses a running rebuild; starting it again resumes from its checkpoint. */
  stop(name: string): boolean {
    const controller = this.controllers.get(name);
    controller?.abort();
    return controller !== undefined;
  }

  stopAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
  }
}
