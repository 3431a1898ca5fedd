import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConcurrencyError } from '../../application/ports/event-store.ts';
import type { ProfilePatch } from '../../domain/tenancy/company-profile.ts';
import { SCOPES } from '../../domain/tenancy/scopes.ts';
import type { Container } from '../composition/container.ts';

export interface DemoKey {
  key: string;
  tenant_id: string;
}

/** A 96×32 PNG in the default brand colours, so the quick start shows a logo on the PDF. */
const DEMO_LOGO =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAAAgCAIAAABiouoDAAAAbklEQVR4Ae3BQW1CAQAFwf0v9QGKqB4QUC894ggNKKiCv0mvZGeOy+1Ozo2oETWiRtSI+uLE6/nDf1y/H3yiETWiRtSIGlEjakSNqBE1okbUiBpRx+V2J+dG1IgaUSNqRB3vXyJG1IgaUSNqRP0B5UkGp/vG7GIAAAAASUVORK5CYII=';

/** The demo company's profile: complete, so the quick start's XML and PDF show every issuer field DIAN asks for. */
const DEMO_PROFILE: ProfilePatch = {
  address: 'Carrera 7 # 71-21 (dirección de demostración)',
  municipality_code: '11001',
  postal_code: '110231',
  phone: '+57 601 555 0100',
  email: 'facturacion@empresa-demo.example',
  organization_type: '1',
  tax_scheme: '01',
  responsibilities: ['O-13', 'O-15'],
  ciiu: ['6201'],
  registration: '0000000-00',
  logo: Buffer.from(DEMO_LOGO, 'base64'),
};

/** Claimed once per store: of several instances starting together on empty stores, one creates the demo company. */
const BOOTSTRAP_STREAM = 'bootstrap-demo';

/**
 * On the first start (no tenant registered yet, no demo-key.json), creates a demo company with a complete demo
 * profile and a test key with every scope, writes it to DATA_DIR/demo-key.json and returns it so the caller can show
 * it once.
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
  await container.updateCompanyProfile.execute(tenant.id, DEMO_PROFILE, context);
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
