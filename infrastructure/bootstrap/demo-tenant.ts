import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConcurrencyError } from '../../application/ports/event-store.ts';
import { SCOPES } from '../../domain/tenancy/scopes.ts';
import type { Container } from '../composition/container.ts';

interface DemoKey {
  key: string;
  tenant_id: string;
}

/** Claimed once per store: of several instances starting together on empty stores, one creates the demo company. */
const BOOTSTRAP_STREAM = 'bootstrap-demo';

/**
 * On the first start (no tenant registered yet, no demo-key.json), creates a demo company and a test key with
 * every scope, writes it to DATA_DIR/demo-key.json and returns it so the caller can show it once.
 */
export async function ensureDemoTenant(container: Container): Promise<DemoKey | null> {
  const file = join(container.config.dataDir, 'demo-key.json');
  if (existsSync(file)) return null;
  const tenants = await container.eventStore.readAll({ maxCount: 1, filter: { eventTypes: ['TenantRegistered'] } });
  if (tenants.length > 0) return null;
  const context = { actor: 'system:bootstrap', correlationId: 'bootstrap' };
  const claim = { type: 'DemoTenantClaimed', data: { instance: container.config.instanceId }, metadata: { actor: context.actor, $correlationId: context.correlationId } };
  try {
    await container.eventStore.append(BOOTSTRAP_STREAM, [claim], 'no_stream');
  } catch (error) {
    if (error instanceof ConcurrencyError) return null;
    throw error;
  }
  const tenant = await container.registerTenant.execute({ nit: '900123456', legalName: 'Empresa Demo S.A.S.', tradeName: 'Demo' }, context);
  const issued = await container.apiKeys.issue(
    { tenantId: tenant.id, environment: 'test', scopes: [...SCOPES], name: 'demo key' },
    { ...context, tenantId: tenant.id, environment: 'test' },
  );
  const demo: DemoKey = { key: issued.key, tenant_id: tenant.id };
  await writeFile(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}

export function demoBanner(demo: DemoKey, port: number): string {
  return [
    '',
    'Demo company created. Its test API key (shown once; also in DATA_DIR/demo-key.json):',
    `  ${demo.key}`,
    'Try it:',
    `  curl -s http://localhost:${port}/invoices/v1/sales-invoices -H "Authorization: Bearer ${demo.key}"`,
    `  API docs: http://localhost:${port}/docs`,
    '',
  ].join('\n');
}
