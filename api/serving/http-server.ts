import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../../infrastructure/config/config.ts';
import type { Container } from '../../infrastructure/composition/container.ts';
import { listenOn } from '../../infrastructure/runtime/listen-on.ts';
import { apiServices } from '../api-services.ts';
import { createApp } from '../app.ts';
import { keepConnectionsOpen } from '../http/keep-alive.ts';
import { gatherArrivals } from '../http/gather-arrivals.ts';

/** The API as an HTTP server that does not listen yet. */
export function httpServer(container: Container, config: Config, logger: Logger): Server {
  const app = createApp(apiServices(container), logger, { errorsUrl: config.errorsUrl, bodyLimitBytes: config.bodyLimitBytes });
  const server = createServer(app);
  keepConnectionsOpen(server);
  gatherArrivals(server, container.apiKeys.arrivals);
  return server;
}

/** The API on PORT; resolves once it listens. */
export async function listenHttp(container: Container, config: Config, logger: Logger): Promise<{ server: Server; port: number }> {
  const server = httpServer(container, config, logger);
  return { server, port: await listenOn(server, config.port) };
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
