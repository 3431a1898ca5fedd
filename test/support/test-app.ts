import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiServices } from '../../api/api-services.ts';
import type { ReadModelStore } from '../../application/ports/read-model-store.ts';
import { createApp } from '../../api/app.ts';
import type { Environment, Scope } from '../../domain/tenancy/scopes.ts';
import { loadConfig, type Config } from '../../infrastructure/config/config.ts';
import { Container, type ContainerOptions } from '../../infrastructure/composition/container.ts';
import { openStores } from '../../infrastructure/composition/open-stores.ts';
import { createLogger } from '../../infrastructure/logging/logger.ts';
import { REQUIRED_PROFILE } from './required-profile.ts';

export interface TestTenant {
  tenantId: string;
  key: string;
  keyId: string;
}

export interface TestApp {
  baseUrl: string;
  container: Container;
  config: Config;
  /**
   * A company with a key; it has the profile fields DIAN requires (REQUIRED_PROFILE), so its live keys may issue,
   * unless `profile: false` asks for a company whose profile was never set.
   */
  createTenant(options?: { nit?: string; scopes?: Scope[]; environment?: Environment; profile?: boolean }): Promise<TestTenant>;
  createKey(tenantId: string, scopes: Scope[], environment?: Environment): Promise<{ key: string; keyId: string }>;
  /** Resolves when every subscription has handled everything in the log so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions extends ContainerOptions {
  workers?: boolean;
  logger?: Logger;
  /** Wraps the read-model store the app opens (to watch what the app asks of it). */
  wrapReadModels?: (store: ReadModelStore) => ReadModelStore;
  /** Opens the stores of this folder and leaves them on close (a restart over the same data); a fresh one by default. */
  dataDir?: string;
}

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'einvoicing-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, SANDBOX_DELAY_MS: '0', LOG_LEVEL: 'silent', ...env });
  const logger = options.logger ?? createLogger(config.logLevel);
  const stores = await openStores(config);
  const { eventStore } = stores;
  const readModels = options.wrapReadModels ? options.wrapReadModels(stores.readModels) : stores.readModels;
  const container = new Container(config, logger, { ...stores, readModels }, options);
  if (options.workers !== false) await container.startWorkers();
  const app = createApp(apiServices(container), logger, { errorsUrl: config.errorsUrl, bodyLimitBytes: config.bodyLimitBytes });
  const server: Server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = { actor: 'test', correlationId: 'test' };

  const createKey = async (tenantId: string, scopes: Scope[], environment: Environment = 'test') => {
    const issued = await container.apiKeys.issue({ tenantId, environment, scopes }, { ...context, tenantId, environment });
    return { key: issued.key, keyId: issued.state.keyId };
  };

  return {
    baseUrl,
    container,
    config,
    createKey,
    async createTenant({ nit = '900825759', scopes = ['invoices:read', 'invoices:write'] as Scope[], environment = 'test' as Environment, profile = true } = {}) {
      const tenant = await container.registerTenant.execute({ nit, legalName: `Company ${nit}`, tradeName: `Trade ${nit}` }, context);
      if (profile) await container.updateCompanyProfile.execute(tenant.id, { ...REQUIRED_PROFILE }, context);
      return { tenantId: tenant.id, ...(await createKey(tenant.id, scopes, environment)) };
    },
    async settle() {
      const head = await eventStore.headPosition();
      for (let round = 0; round < 3; round += 1) {
        for (const runner of container.runners) await runner.waitFor(await eventStore.headPosition());
        if ((await eventStore.headPosition()) === head && round > 0) break;
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await container.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
