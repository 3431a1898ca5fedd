import type { Logger } from 'pino';
import type { EventStore } from '../../application/ports/event-store.ts';
import { isStoreUnavailable } from '../../application/ports/store-errors.ts';
import { backoffDelay } from '../../application/retrying/backoff.ts';
import { requireSecretsKeys } from '../../application/secrets/sealed-secrets-marker.ts';
import { ensureDemoTenant, type DemoKey } from '../../infrastructure/bootstrap/demo-tenant.ts';
import { Container } from '../../infrastructure/composition/container.ts';
import { embeddedFiles, openStores } from '../../infrastructure/composition/open-stores.ts';
import type { Config } from '../../infrastructure/config/config.ts';
import { osThreadId } from '../../infrastructure/runtime/os-thread.mjs';
import { WorkerThreadHost } from '../../infrastructure/runtime/worker-thread-host.ts';
import { WalCheckpointer } from '../../infrastructure/sqlite/wal-checkpointer.ts';
import { PROJECTIONS } from '../../projections/projection-catalog.ts';

/** The parts of a running service process: its stores and container, and the work it holds beside HTTP. */
export interface ServiceCore {
  container: Container;
  /** The event store as opened, without the container's decorators (an embedded store tells of its own appends). */
  eventStore: EventStore;
  /** The demo company, when this start created it. */
  demo: DemoKey | null;
  /** The workers thread, when this process runs one. */
  workers: WorkerThreadHost | undefined;
  close(): Promise<void>;
}

/**
 * Opens the stores and builds the container. A process that holds the work (`withWork`: the service alone, or the
 * supervisor of HTTP processes) also copies the SQLite write-ahead logs in a thread, brings projections written by an
 * older revision up to date, creates the demo company on a new DATA_DIR, and starts the workers as WORKERS says. An
 * HTTP process of a supervisor does none of these: its supervisor does. `mainThread` names this process's main thread
 * in `process_thread_cpu_seconds_total`.
 */
export async function startServiceCore(config: Config, logger: Logger, options: { withWork: boolean; mainThread: string }): Promise<ServiceCore> {
  const stores = await openStores(config);
  const checkpointer = options.withWork ? new WalCheckpointer(logger) : undefined;
  checkpointer?.start(embeddedFiles(config), { nice: config.workersNice });
  const container = new Container(config, logger, stores);
  const mainThread = osThreadId();
  container.metrics.reportThreadCpu(options.mainThread, () => mainThread);
  container.metrics.reportOwnGc(options.mainThread);
  if (checkpointer) container.metrics.reportThreadCpu('wal-checkpoint', () => checkpointer.threadId);
  container.metrics.reportProcess();
  await untilStoresAnswer(() => requireSecretsKeys(container.eventStore, container.secrets), logger);
  let demo: DemoKey | null = null;
  let workers: WorkerThreadHost | undefined;
  if (options.withWork) {
    // Before the demo tenant's events and the live projections: on a new deployment (an empty log) every projection is
    // recorded as written by its current revision.
    if (config.workers !== 'none' && config.projectionsAutoRebuild) {
      await untilStoresAnswer(() => container.rebuildJobs.startOutdated(PROJECTIONS, new Date()), logger);
    }
    demo = await untilStoresAnswer(() => ensureDemoTenant(container), logger);
    workers = config.workers === 'thread' ? new WorkerThreadHost({ ...process.env, INSTANCE_ID: config.instanceId }, logger) : undefined;
    if (workers) {
      await workers.start(stores.eventStore, container.renderRunner);
      const thread = workers;
      container.reportSubscriptionsFrom(() => thread.health(), async () => [await thread.metrics()]);
    } else if (config.workers === 'inline') {
      await container.startWorkers();
    }
  }
  const close = async () => {
    await workers?.stop();
    await checkpointer?.stop();
    await container.close();
  };
  return { container, eventStore: stores.eventStore, demo, workers, close };
}

const STARTUP_BACKOFF = { initialDelayMs: 500, maxDelayMs: 10_000 };

/** A store that is down at start-up (a server still starting) is waited for, with capped back-off, not a crash. */
async function untilStoresAnswer<T>(work: () => Promise<T>, logger: Logger): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      const delayMs = backoffDelay(STARTUP_BACKOFF, attempt);
      logger.warn({ err: error, attempt, delayMs }, 'a store is unavailable at start-up; waiting for it');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
