import { systemClock } from '../../../application/ports/clock.ts';
import type { Scope } from '../../../domain/tenancy/scopes.ts';
import { SandboxProvider } from '../../../infrastructure/providers/sandbox/sandbox-provider.ts';
import { InvoicesClient } from '../../../clients/typescript/invoices-client.ts';
import type { TransportOptions } from '../../../clients/typescript/transport.ts';
import { startTestApp, type TestApp, type TestTenant } from '../test-app.ts';
import { ControllableProvider } from './controllable-provider.ts';

export const ALL_SCOPES: Scope[] = ['invoices:read', 'invoices:write'];

export interface IntegrationApp extends TestApp {
  provider: ControllableProvider;
  /** The reference client for a key, retrying fast unless told otherwise. */
  client(key: string, options?: Partial<TransportOptions>): InvoicesClient;
}

/** The service with its workers running, behind a provider tests can hold or break; the sandbox answers otherwise. */
export async function startIntegrationApp(env: Record<string, string> = {}, options: Parameters<typeof startTestApp>[1] = {}): Promise<IntegrationApp> {
  const provider = new ControllableProvider();
  // Tests poll a lot; the quota is tested on its own.
  const app = await startTestApp({ INTEGRATIONS_RATE_LIMIT: '1000000', ...env }, { ...options, provider });
  provider.inner = new SandboxProvider(app.container.numbering.numbering, systemClock, 0);
  return Object.assign(app, {
    provider,
    client: (key: string, overrides: Partial<TransportOptions> = {}) =>
      new InvoicesClient({ baseUrl: app.baseUrl, apiKey: key, retry: { baseDelayMs: 5, maxDelayMs: 50 }, ...overrides }),
  });
}

export type { TestTenant };
