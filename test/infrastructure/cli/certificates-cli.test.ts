import { spawnSync } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { colombiaDateTime } from '../../../domain/shared/colombia-time.ts';
import { MissingSecretsKeyError } from '../../../application/ports/secret-cipher.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';
import { Container } from '../../../infrastructure/composition/container.ts';
import { openStores } from '../../../infrastructure/composition/open-stores.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { silentLogger } from '../../support/fixtures.ts';
import { keyInfoCertificatePem, xmlsecVerify } from '../../support/signing/xmlsec.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { validatedState } from '../rendering/validated-state.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const STACK_FRAME = /\n\s+at .+:\d+/;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string>, input = ''): Run {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent', SECRETS_KEY: '', PORT: '0', ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('certificates import / list (child processes) and the start-up guard', function () {
  this.timeout(90_000);
  const secretsKey = randomBytes(32).toString('hex');
  let pki: TestPki;
  let dataDir: string;
  let tenantId: string;
  const cli = (args: string[], env: Record<string, string> = {}, input = '') => run('infrastructure/cli/main.ts', args, { DATA_DIR: dataDir, ...env }, input);
  const importArgs = () => ['certificates', 'import', '--tenant', tenantId, '--env', 'live', '--file', pki.p12File, '--password-stdin', '--json'];

  before(() => {
    // A PKCS#12 made with openssl: root CA → leaf (serial 4242424242, below 2^63 so xmllint can read it; see test-pki).
    pki = makeTestPki();
    dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-certificates-'));
    const created = cli(['tenants', 'create', '--nit', '900825759-7', '--name', 'HALLTEC S.A.S.', '--json']);
    expect(created.code, created.stderr).to.equal(0);
    tenantId = JSON.parse(created.stdout).id;
  });
  after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    pki.remove();
  });

  it('refuses to import without SECRETS_KEY, naming the variable, without a stack trace', () => {
    const refused = cli(importArgs(), {}, `${pki.password}\n`);

    expect(refused.code).to.not.equal(0);
    expect(refused.stderr).to.contain('SECRETS_KEY');
    expect(refused.stderr).to.not.match(STACK_FRAME);
  });

  it('says so when the password is wrong or the file is not PKCS#12', () => {
    const wrongPassword = cli(importArgs(), { SECRETS_KEY: secretsKey }, 'not the password\n');
    const notPkcs12 = cli(['certificates', 'import', '--tenant', tenantId, '--env', 'live', '--file', join(pki.dir, 'leaf.pem')], { SECRETS_KEY: secretsKey });

    expect(wrongPassword.code).to.not.equal(0);
    expect(wrongPassword.stderr).to.contain('wrong password').and.to.contain(pki.p12File);
    expect(notPkcs12.code).to.not.equal(0);
    expect(notPkcs12.stderr).to.contain('not a PKCS#12');
    expect(`${wrongPassword.stderr}${notPkcs12.stderr}`).to.not.match(STACK_FRAME);
  });

  it('imports the PKCS#12 and prints subject, issuer, serial and valid-to; list shows it with its key sealed', () => {
    const imported = cli(importArgs(), { SECRETS_KEY: secretsKey }, `${pki.password}\n`);
    expect(imported.code, imported.stderr).to.equal(0);
    const leaf = new X509Certificate(pki.leafPem);

    expect(JSON.parse(imported.stdout)).to.include({
      environment: 'live',
      origin: 'imported',
      subject: 'CN=HALLTEC S.A.S.,serialNumber=900825759,O=HALLTEC S.A.S.,C=CO',
      issuer: 'CN=Raiz de prueba,O=ECD de prueba,C=CO',
      serial_number: '4242424242',
      valid_to: new Date(leaf.validTo).toISOString(),
      key_protection: 'sealed',
    });
    const listed = cli(['certificates', 'list', '--tenant', tenantId, '--json'], { SECRETS_KEY: secretsKey });
    expect(listed.code, listed.stderr).to.equal(0);
    expect(JSON.parse(listed.stdout).certificates.map((c: any) => [c.environment, c.serial_number, c.key_protection])).to.deep.equal([['live', '4242424242', 'sealed']]);
    expect(listed.stdout).to.not.contain('PRIVATE KEY');
  });

  it('keeps no private key in the clear in the event store', () => {
    const events = readFileSync(join(dataDir, 'events.sqlite'));
    const keyBody = pki.leafKeyPem.split('\n').slice(5, 8).join('');

    expect(events.includes(Buffer.from(keyBody))).to.equal(false);
    expect(events.includes(Buffer.from('PRIVATE KEY'))).to.equal(false);
  });

  it('refuses to start the API and the CLI without SECRETS_KEY once keys are sealed, naming the variable', () => {
    const api = run('api/main.ts', [], { DATA_DIR: dataDir });
    const list = cli(['tenants', 'list']);

    for (const refused of [api, list]) {
      expect(refused.code).to.not.equal(0);
      expect(refused.stderr).to.contain('SECRETS_KEY');
      expect(refused.stderr).to.not.match(STACK_FRAME);
    }
  });

  it('signs the company’s live documents with the imported certificate (KeyInfo), which SECRETS_KEY alone opens', async () => {
    // Issued an hour from now: inside the validity of the leaf openssl made a moment ago.
    const issued = colombiaDateTime(new Date(Date.now() + 3_600_000));
    const document = { ...validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000042', environment: 'live' }), tenantId, issueDate: issued.date, issueTime: issued.time };
    const withKey = new Container(loadConfig({ DATA_DIR: dataDir, SECRETS_KEY: secretsKey }), silentLogger, await openStores(loadConfig({ DATA_DIR: dataDir })));
    try {
      const xml = (await withKey.provider.render(document, 'xml'))!.bytes.toString('utf8');

      expect(keyInfoCertificatePem(xml)).to.equal(new X509Certificate(pki.leafPem).toString());
      expect(xmlsecVerify(xml, pki.rootPem).output).to.match(/SignedInfo References \(ok\/all\): 3\/3/);
    } finally {
      await withKey.close();
    }
    const withoutKey = new Container(loadConfig({ DATA_DIR: dataDir }), silentLogger, await openStores(loadConfig({ DATA_DIR: dataDir })));
    try {
      let failure: unknown;
      await withoutKey.certificates.signingKey(tenantId, 'live', new Date(Date.now() + 3_600_000)).catch((error: unknown) => (failure = error));

      expect(failure).to.be.instanceOf(MissingSecretsKeyError);
    } finally {
      await withoutKey.close();
    }
  });
});
