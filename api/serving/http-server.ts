import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../../infrastructure/config/config.ts';
import type { Container } from '../../infrastructure/composition/container.ts';
import { apiServices } from '../api-services.ts';
import { createApp } from '../app.ts';
import { keepConnectionsOpen } from '../http/keep-alive.ts';

/** The API on PORT (in an HTTP process of a supervisor, on the port they share); resolves once it listens. */
export async function listenHttp(container: Container, config: Config, logger: Logger): Promise<{ server: Server; port: number }> {
  const app = createApp(apiServices(container), logger, { errorsUrl: config.errorsUrl, bodyLimitBytes: config.bodyLimitBytes });
  const server: Server = app.listen(config.port);
  keepConnectionsOpen(server);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : config.port };
}

/** Stops taking connections and lets the requests in flight finish. */
export async function closeHttp(server: Server): Promise<void> {
  server.closeIdleConnections?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** On SIGTERM or SIGINT, once: `stop`, then exit 0. */
export function stopOnSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await stop();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

export function storeKinds(config: Config): { eventStore: string; readModels: string } {
  return { eventStore: config.eventStoreUrl ? 'kurrentdb' : 'sqlite', readModels: config.mongodbUrl ? 'mongodb' : 'sqlite' };
}
