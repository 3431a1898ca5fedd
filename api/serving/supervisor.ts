import type { Logger } from 'pino';
import { demoBanner } from '../../infrastructure/bootstrap/demo-tenant.ts';
import type { Config } from '../../infrastructure/config/config.ts';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { HttpProcesses } from '../../infrastructure/runtime/http-processes/http-processes.ts';
import { stopOnSignals, storeKinds } from './http-server.ts';
import { startServiceCore } from './service-core.ts';

/**
 * HTTP_PROCESSES above 1: this process runs the workers (as WORKERS says) and supervises that many HTTP processes.
 * It accepts the connections on PORT and hands each to one of them; it answers no request itself.
 */
export async function runSupervisor(config: Config, logger: Logger): Promise<void> {
  const core = await startServiceCore(config, logger, { withWork: true, mainThread: 'supervisor' });
  const { container, workers, eventStore } = core;
  const processes = new HttpProcesses(
    config.httpProcesses,
    { ...process.env, INSTANCE_ID: config.instanceId },
    {
      health: () => container.subscriptionHealth(),
      metrics: async () => [await container.metrics.registry.getMetricsAsJSON(), ...(await container.otherThreadsMetrics())],
      appended: () => {
        if (workers) workers.appendedElsewhere();
        else if (config.workers === 'inline' && eventStore instanceof SqliteEventStore) eventStore.notifyAppended();
      },
    },
    logger,
  );
  stopOnSignals(logger, async () => {
    await processes.stop();
    await core.close();
  });
  const port = await processes.start(config.port);
  logger.info({ port, httpProcesses: config.httpProcesses, dataDir: config.dataDir, ...storeKinds(config), workers: config.workers, instance: config.instanceId }, 'listening');
  if (core.demo) process.stdout.write(demoBanner(core.demo, port));
}
