import { parentPort, resourceLimits, workerData, type MessagePort } from 'node:worker_threads';
import { requireSecretsKeys } from '../../application/secrets/sealed-secrets-marker.ts';
import { Container } from '../composition/container.ts';
import { openStores } from '../composition/open-stores.ts';
import { loadConfig } from '../config/config.ts';
import { SqliteEventStore } from '../event-store/sqlite/sqlite-event-store.ts';
import { createLogger } from '../logging/logger.ts';
import { PortRenderRunner } from '../rendering/threads/render-port.ts';
import { markAllCheckpointedByThread } from '../sqlite/checkpoint-thread-files.ts';
import { osThreadId } from './os-thread.mjs';
import { niceThisThread } from './thread-priority.mjs';
import type { FromWorkers, ToWorkers } from './worker-protocol.ts';

/** The projections and process managers, on their own thread (and core), with their own store connections. */
const port = parentPort!;
const send = (message: FromWorkers) => port.postMessage(message);

try {
  const config = loadConfig(workerData.env as NodeJS.ProcessEnv);
  markAllCheckpointedByThread((workerData.checkpointedByThread ?? []) as Array<[string, number]>);
  const logger = createLogger(config.logLevel).child({ thread: 'workers' });
  if (config.workersNice > 0 && !niceThisThread(config.workersNice)) logger.debug('this system does not let a thread lower its own priority');
  const stores = await openStores(config);
  const { eventStore } = stores;
  // The API thread's render threads, when it has them: one pool and one queue for the process.
  const renderPort = workerData.renderPort as MessagePort | undefined;
  const container = new Container(config, logger, stores, renderPort ? { renderRunner: new PortRenderRunner(renderPort) } : {});
  const thread = osThreadId();
  container.metrics.reportThreadCpu('workers', () => thread);
  container.metrics.reportOwnGc('workers');
  await requireSecretsKeys(container.eventStore, container.secrets);
  port.on('message', async (message: ToWorkers) => {
    if (message.type === 'appended' && eventStore instanceof SqliteEventStore) eventStore.notifyAppended();
    if (message.type === 'health') send({ type: 'health', id: message.id, subscriptions: await container.subscriptionHealth() });
    if (message.type === 'metrics') send({ type: 'metrics', id: message.id, metrics: await container.metrics.registry.getMetricsAsJSON() });
    if (message.type === 'stop') {
      await container.close();
      send({ type: 'stopped' });
      port.close();
    }
  });
  await container.startWorkers();
  logger.info({ youngGenerationMb: resourceLimits.maxYoungGenerationSizeMb }, 'workers thread started');
  send({ type: 'started' });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
