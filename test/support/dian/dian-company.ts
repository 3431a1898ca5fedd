import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DianFileConsecutives } from '../../../application/dian-files/dian-file-consecutives.ts';
import { TestSetRuns } from '../../../application/habilitacion/test-set-runs.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';
import { Container } from '../../../infrastructure/composition/container.ts';
import { openStores } from '../../../infrastructure/composition/open-stores.ts';
import type { DianTestSetParts } from '../../../infrastructure/dian/test-set/dian-test-set.ts';
import type { NumberingSyncParts } from '../../../infrastructure/dian/numbering/sync-numbering-ranges.ts';
import { XadesSigner } from '../../../infrastructure/signing/xades-signer.ts';
import { FixedClock, SequentialIds, silentLogger } from '../fixtures.ts';
import { REQUIRED_PROFILE } from '../required-profile.ts';
import type { TestPki } from '../signing/test-pki.ts';
import { ScriptedDianWebServices } from './scripted-dian-web-services.ts';

const CONTEXT = { actor: 'test', correlationId: 'test' };

/** A service's stores with one company (NIT 900825759), its parts wired for the DIAN commands around a scripted DIAN. */
export interface DianCompany {
  container: Container;
  tenantId: string;
  web: ScriptedDianWebServices;
  clock: FixedClock;
  parts: DianTestSetParts & NumberingSyncParts;
  /** Sets the company's software for an environment (id soft-<env>, PIN 4242). */
  setSoftware(environment: string, testSets?: { testSetId?: string; payrollTestSetId?: string }): Promise<void>;
  /** Imports a PKCS#12 made by makeTestPki (the company's "ONAC" certificate) for an environment. */
  importCertificate(environment: string, pki: TestPki): Promise<void>;
  close(): Promise<void>;
}

export async function openDianCompany(): Promise<DianCompany> {
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-dian-cli-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') });
  // Now, so the certificates makeTestPki issues (valid from now) are valid at the clock's instant.
  const clock = new FixedClock(new Date().toISOString());
  const container = new Container(config, silentLogger, await openStores(config), { clock, ids: new SequentialIds() });
  const tenant = await container.registerTenant.execute({ nit: '900825759', legalName: 'HALLTEC S.A.S.', tradeName: 'Halltec' }, CONTEXT);
  await container.updateCompanyProfile.execute(tenant.id, { ...REQUIRED_PROFILE }, CONTEXT);
  const web = new ScriptedDianWebServices();
  const parts = {
    tenants: container.tenants,
    software: container.numbering.software,
    catalog: container.numbering.catalog,
    certificates: container.certificates,
    runs: new TestSetRuns(container.aggregates, clock, new SequentialIds()),
    web,
    files: new DianFileConsecutives(container.eventStore),
    signer: new XadesSigner(container.certificates),
    clock,
    sleep: async () => {},
  };
  return {
    container,
    tenantId: tenant.id,
    web,
    clock,
    parts,
    async setSoftware(environment, testSets = {}) {
      const input = { environment, softwareId: `soft-${environment}`, pin: '4242', testSetId: testSets.testSetId ?? null, payrollTestSetId: testSets.payrollTestSetId ?? null };
      await container.numbering.software.set(tenant.id, input, CONTEXT);
    },
    async importCertificate(environment, pki) {
      await container.certificates.import({ tenantId: tenant.id, environment, pkcs12: pki.p12, password: pki.password }, CONTEXT);
    },
    async close() {
      await container.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
