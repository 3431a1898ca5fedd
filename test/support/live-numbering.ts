import { HABILITACION_SOFTWARE, habilitacionResolution } from '../../domain/numbering/habilitacion.ts';
import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import type { TestApp } from './test-app.ts';

/** A SECRETS_KEY for test apps whose companies register a software identity (its PIN is sealed). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 11).toString('base64');

/** startTestApp's env for an app that issues in live: the software PIN needs SECRETS_KEY. */
export const LIVE_READY = { SECRETS_KEY: TEST_SECRETS_KEY } as const;

const FAMILIES: DocumentFamilyName[] = ['sales-invoice', 'credit-note', 'debit-note', 'support-document', 'adjustment-note', 'payroll', 'payroll-adjustment'];

/**
 * What a company needs before it issues in live: a resolution per family and a software identity. They copy DIAN's
 * habilitación ranges and the sandbox's software, so live documents get the numbers and codes tests computed before
 * (SETP990000000…, NC1…, PIN 12345), only with TipoAmbiente 1.
 */
export async function liveNumbering(app: TestApp, tenantId: string): Promise<void> {
  const { numbering } = app.container;
  if (!app.container.secrets.available) throw new Error('liveNumbering needs a test app started with LIVE_READY (SECRETS_KEY)');
  const registered = await numbering.catalog.of(tenantId, 'live');
  for (const family of FAMILIES) {
    if (registered.some((resolution) => resolution.family === family)) continue;
    const { prefix, from, to, number, validFrom, validTo, technicalKey } = habilitacionResolution(tenantId, family);
    await numbering.catalog.register(tenantId, { environment: 'live', family, prefix, from, to, number, validFrom, validTo, technicalKey });
  }
  const context = { actor: 'test', correlationId: 'test' };
  await numbering.software.set(tenantId, { environment: 'live', softwareId: HABILITACION_SOFTWARE.id, pin: HABILITACION_SOFTWARE.pin }, context);
}
