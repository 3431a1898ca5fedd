import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { isStoreUnavailable } from '../application/ports/store-errors.ts';
import { requireSecretsKeyIfSealed } from '../application/secrets/sealed-secrets-marker.ts';
import { backoffDelay } from '../application/retrying/backoff.ts';
import { ConfigError } from '../infrastructure/config/config-error.ts';
import { loadConfig } from '../infrastructure/config/config.ts';
import { ensureDataDir } from '../infrastructure/config/data-dir.ts';
import { Container } from '../infrastructure/composition/container.ts';
import { demoBanner, ensureDemoTenant } from '../infrastructure/bootstrap/demo-tenant.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { osThreadId } from '../infrastructure/runtime/os-thread.mjs';
import { WorkerThreadHost } from '../infrastructure/runtime/worker-thread-host.ts';
import { embeddedFiles, openStores } from '../infrastructure/composition/open-stores.ts';
import { WalCheckpointer } from '../infrastructure/sqlite/wal-checkpointer.ts';
import { apiServices } from './api-services.ts';
import { createApp } from './app.ts';
import { keepConnectionsOpen } from './http/keep-alive.ts';
import { PROJECTIONS } from '../projections/projection-catalog.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
    ensureDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const stores = await openStores(config);
  const checkpointer = new WalCheckpointer(logger);
  checkpointer.start(embeddedFiles(config), { nice: config.workersNice });
  const container = new Container(config, logger, stores);
  const mainThread = osThreadId();
  container.metrics.reportThreadCpu('main', () => mainThread);
  container.metrics.reportThreadCpu('wal-checkpoint', () => checkpointer.threadId);
  container.metrics.reportProcess();
  await untilStoresAnswer(() => requireSecretsKeyIfSealed(container.eventStore, container.secrets), logger);
  // Before the demo tenant's events and the live projections: on a new deployment (an empty log) every projection is
  // recorded as written by its current revision.
  if (config.workers !== 'none' && config.projectionsAutoRebuild) {
    await untilStoresAnswer(() => container.rebuildJobs.startOutdated(PROJECTIONS, new Date()), logger);
  }
  const demo = await untilStoresAnswer(() => ensureDemoTenant(container), logger);
  const workers = config.workers === 'thread' ? new WorkerThreadHost({ ...process.env, INSTANCE_ID: config.instanceId }, logger) : undefined;
  if (workers) {
    await workers.start(stores.eventStore, container.renderRunner);
    container.reportSubscriptionsFrom(() => workers.health(), async () => [await workers.metrics()]);
  } else if (config.workers === 'inline') {
    await container.startWorkers();
  }

  const app = createApp(apiServices(container), logger, { errorsUrl: config.errorsUrl, bodyLimitBytes: config.bodyLimitBytes });
  const server: Server = app.listen(config.port);
  keepConnectionsOpen(server);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const kinds = { eventStore: config.eventStoreUrl ? 'kurrentdb' : 'sqlite', readModels: config.mongodbUrl ? 'mongodb' : 'sqlite' };
  logger.info({ port, dataDir: config.dataDir, ...kinds, workers: config.workers, instance: config.instanceId }, 'listening');
  if (demo) process.stdout.write(demoBanner(demo, port));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.closeIdleConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await workers?.stop();
    await checkpointer.stop();
    await container.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
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

main().catch((error) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
