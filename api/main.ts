import cluster from 'node:cluster';
import { ConfigError } from '../infrastructure/config/config-error.ts';
import { loadConfig, type Config } from '../infrastructure/config/config.ts';
import { ensureDataDir } from '../infrastructure/config/data-dir.ts';
import { createLogger } from '../infrastructure/logging/logger.ts';
import { runAllInOne } from './serving/all-in-one.ts';
import { runHttpProcess } from './serving/http-process.ts';
import { startupFailure } from './serving/startup-failure.ts';
import { runSupervisor } from './serving/supervisor.ts';

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel);
  if (cluster.isWorker) return runHttpProcess(config, logger);
  if (config.httpProcesses > 1) return runSupervisor(config, logger);
  return runAllInOne(config, logger);
}

function configOrExit(): Config {
  try {
    const config = loadConfig();
    ensureDataDir(config.dataDir);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Invalid configuration: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

main().catch((error) => {
  process.stderr.write(startupFailure(error));
  process.exit(1);
});
