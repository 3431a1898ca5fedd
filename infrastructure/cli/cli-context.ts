import { isEnvironment, type Environment } from '../../domain/tenancy/scopes.ts';
import { requireSecretsKeys } from '../../application/secrets/sealed-secrets-marker.ts';
import { MissingSecretsKeyError, UnknownSecretsKeyError } from '../../application/ports/secret-cipher.ts';
import { ConfigError } from '../config/config-error.ts';
import { loadConfig, type Config } from '../config/config.ts';
import { ensureDataDir } from '../config/data-dir.ts';
import { Container } from '../composition/container.ts';
import { openStores } from '../composition/open-stores.ts';
import { createLogger } from '../logging/logger.ts';

/** A failure the operator can fix; printed without a stack trace. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'CliError';
  }
}

/** The configuration from the environment; a bad setting is the operator's to fix (exit code 2). */
export function loadCliConfig(): Config {
  try {
    const config = loadConfig();
    ensureDataDir(config.dataDir);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(`invalid configuration: ${error.message}`, 2);
    throw error;
  }
}

/**
 * Opens the configured stores (no workers) for one command and closes them afterwards. Like the service, it refuses to
 * run without the keys the kept secrets were sealed with, unless the command only looks at which keys those are.
 */
export async function withContainer<T>(work: (container: Container) => Promise<T>, options: { checkSecretsKeys?: boolean } = {}): Promise<T> {
  const config = loadCliConfig();
  const logger = createLogger('silent');
  const stores = await openStores(config);
  const container = new Container(config, logger, stores);
  try {
    if (options.checkSecretsKeys !== false) {
      await requireSecretsKeys(container.eventStore, container.secrets).catch((error: unknown) => {
        throw error instanceof MissingSecretsKeyError || error instanceof UnknownSecretsKeyError ? new CliError(error.message, 2) : error;
      });
    }
    return await work(container);
  } finally {
    await container.close();
  }
}

export const CLI_CONTEXT = { actor: 'cli', correlationId: 'cli' };

export function print(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`);
}

/** `--env` as given: test or live; absent when not given. A usage error (exit code 2) otherwise. */
export function environmentOption(value: string | undefined): Environment | undefined {
  if (value === undefined) return undefined;
  if (!isEnvironment(value)) throw new CliError(`--env: must be test or live, not ${JSON.stringify(value)}`, 2);
  return value;
}

/** `--env`, which the command needs: test or live. */
export function requiredEnvironment(value: string | undefined): Environment {
  const environment = environmentOption(value);
  if (!environment) throw new CliError('--env <test|live> is required', 2);
  return environment;
}
