import cluster from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from '../../infrastructure/config/config.ts';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { SupervisorLink } from '../../infrastructure/runtime/http-processes/supervisor-link.ts';
import { HandedConnections } from './handed-connections.ts';
import { httpServer, stopOnSignals } from './http-server.ts';
import { startServiceCore } from './service-core.ts';

/**
 * One of a supervisor's HTTP processes: it serves the connections the supervisor hands over, and nothing else.
 * Readiness and /metrics ask the supervisor for the workers' health and the other processes' metrics; its appends
 * wake the workers there at once. When the supervisor is gone (its channel closes), Node's cluster ends this process.
 */
export async function runHttpProcess(config: Config, supervisorLogger: Logger): Promise<void> {
  const id = cluster.worker?.id ?? 0;
  const logger = supervisorLogger.child({ httpProcess: id });
  // The channel to the supervisor fails once it is gone (a send then raises EPIPE here): end quietly, as the cluster
  // would on its disconnect.
  process.on('error', (error) => {
    if (process.connected) logger.error({ err: error }, 'the channel to the supervisor failed');
    else process.exit(1);
  });
  // WORKERS=none in its environment (HttpProcesses.fork): the supervisor runs the work.
  const core = await startServiceCore(config, logger, { withWork: false, mainThread: `http-${id}` });
  const { container, eventStore } = core;
  const link = new SupervisorLink();
  link.answerMetricsWith(async () => [await container.metrics.registry.getMetricsAsJSON()]);
  container.reportSubscriptionsFrom(() => link.health(), () => link.metrics());
  const stopForwarding = eventStore instanceof SqliteEventStore ? eventStore.onAppended(() => link.appended()) : undefined;
  const connections = new HandedConnections(httpServer(container, config, logger));
  link.takeConnectionsWith((socket) => connections.take(socket));
  stopOnSignals(logger, async () => {
    await connections.close();
    stopForwarding?.();
    await core.close();
  });
}
