import type { Logger } from 'pino';
import { demoBanner } from '../../infrastructure/bootstrap/demo-tenant.ts';
import type { Config } from '../../infrastructure/config/config.ts';
import { closeHttp, listenHttp, stopOnSignals, storeKinds } from './http-server.ts';
import { startServiceCore } from './service-core.ts';

/** HTTP_PROCESSES=1: this process takes the requests, and runs the workers as WORKERS says. */
export async function runAllInOne(config: Config, logger: Logger): Promise<void> {
  const core = await startServiceCore(config, logger, { withWork: true, mainThread: 'main' });
  const { server, port } = await listenHttp(core.container, config, logger);
  logger.info({ port, dataDir: config.dataDir, ...storeKinds(config), workers: config.workers, instance: config.instanceId }, 'listening');
  if (core.demo) process.stdout.write(demoBanner(core.demo, port));
  stopOnSignals(logger, async () => {
    await closeHttp(server);
    await core.close();
  });
}
