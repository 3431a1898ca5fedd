import type { Logger } from 'pino';
import type { EventStore } from '../ports/event-store.ts';
import type { ReadModelStore } from '../ports/read-model-store.ts';
import { outdatedProjections, type OutdatedProjection } from './outdated-projections.ts';
import type { ProjectionDefinition } from './projection-definition.ts';
import { ProjectionRebuild, type RebuildProgress } from './projection-rebuild.ts';
import { RebuildRunningError, type RebuildGuard } from './rebuild-guard.ts';
import type { ProjectionVersions } from './projection-versions.ts';

export interface RebuildJob {
  projection: string;
  startedAt: string;
  progress: RebuildProgress | null;
  error: string | null;
  finishedAt: string | null;
}

/**
 * Rebuilds started over HTTP, running in this process; the data they write is durable, their progress is not. The
 * guard makes sure no other instance (nor the CLI) rebuilds the same projection meanwhile.
 */
export class RebuildJobs {
  private readonly jobs = new Map<string, RebuildJob>();
  private readonly controllers = new Map<string, AbortController>();

  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelStore,
    private readonly versions: ProjectionVersions,
    private readonly logger: Logger,
    private readonly guard: RebuildGuard,
  ) {}

  running(name: string): boolean {
    return this.controllers.has(name);
  }

  job(name: string): RebuildJob | undefined {
    return this.jobs.get(name);
  }

  /** Throws RebuildRunningError when a rebuild of the projection runs here or in another instance. */
  async start(definition: ProjectionDefinition, now: Date): Promise<RebuildJob> {
    if (this.running(definition.name)) throw new RebuildRunningError(definition.name, null);
    const claim = await this.guard.claim(definition.name);
    const job: RebuildJob = { projection: definition.name, startedAt: now.toISOString(), progress: null, error: null, finishedAt: null };
    const controller = new AbortController();
    this.jobs.set(definition.name, job);
    this.controllers.set(definition.name, controller);
    const rebuild = new ProjectionRebuild(this.events, this.readModels, this.versions, this.logger);
    void rebuild
      .run(definition, { signal: AbortSignal.any([controller.signal, claim.signal]), onProgress: (progress) => (job.progress = progress) })
      .catch((error) => {
        job.error = error instanceof Error ? error.message : String(error);
        this.logger.error({ err: error, projection: definition.name }, 'projection rebuild failed');
      })
      .finally(() => {
        job.finishedAt = new Date().toISOString();
        this.controllers.delete(definition.name);
        void claim.release();
      });
    return job;
  }

  /**
   * Starts rebuilding, in the background, each projection whose rows an older revision of its definition wrote; the
   * current rows serve until the rebuilt ones switch in. One that another instance already rebuilds is left to it.
   * Answers the outdated projections.
   */
  async startOutdated(definitions: readonly ProjectionDefinition[], now: Date): Promise<OutdatedProjection[]> {
    const outdated = await outdatedProjections(definitions, this.versions, this.events);
    for (const { definition, built, current } of outdated) {
      const context = { projection: definition.name, builtRevision: built, revision: current };
      try {
        await this.start(definition, now);
        this.logger.info(context, 'an older revision of this projection wrote its rows: rebuilding it in the background');
      } catch (error) {
        if (!(error instanceof RebuildRunningError)) throw error;
        this.logger.info(context, 'an older revision of this projection wrote its rows: another instance is rebuilding it');
      }
    }
    return outdated;
  }

  /** Pauses a running rebuild, here or in the instance that runs it; starting it again resumes from its checkpoint. */
  async stop(name: string): Promise<boolean> {
    const controller = this.controllers.get(name);
    if (controller) {
      controller.abort();
      return true;
    }
    return this.guard.requestStop(name);
  }

  /** The instance rebuilding the projection, when another one is. */
  runningElsewhere(name: string): Promise<string | null> {
    return this.running(name) ? Promise.resolve(null) : this.guard.holderOf(name);
  }

  stopAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
  }
}
