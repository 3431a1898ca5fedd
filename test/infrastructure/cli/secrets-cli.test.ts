import { spawnSync } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { colombiaDateTime } from '../../../domain/shared/colombia-time.ts';
import { Container } from '../../../infrastructure/composition/container.ts';
import { openStores } from '../../../infrastructure/composition/open-stores.ts';
import { loadConfig } from '../../../infrastructure/config/config.ts';
import { secretsKeyId } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { runCli } from '../../support/cli-process.ts';
import { silentLogger } from '../../support/fixtures.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { keyInfoCertificatePem, xmlsecVerify } from '../../support/signing/xmlsec.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { validatedState } from '../rendering/validated-state.ts';

const STACK_FRAME = /\n\s+at .+:\d+/;

describe('secrets key-id / status / reseal (child processes): a change of SECRETS_KEY', function () {
  this.timeout(120_000);
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const [oldId, newId] = [secretsKeyId(oldKey), secretsKeyId(newKey)];
  const OLD = { SECRETS_KEY: oldKey.toString('hex') };
  const NEW = { SECRETS_KEY: newKey.toString('base64') };
  const BOTH = { ...NEW, SECRETS_KEY_PREVIOUS: oldKey.toString('hex') };
  let pki: TestPki;
  let dataDir: string;
  let tenantId: string;
  const cli = (args: string[], env: Record<string, string>) => runCli(dataDir, args, { WEBHOOKS_ALLOW_PRIVATE: 'true', SECRETS_KEY: '', SECRETS_KEY_PREVIOUS: '', ...env });
  const json = async (args: string[], env: Record<string, string>) => {
    const run = await cli([...args, '--json'], env);
    expect(run.code, run.stderr).to.equal(0);
    return JSON.parse(run.stdout);
  };

  before(async () => {
    pki = makeTestPki({ password: '' });
    dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-secrets-'));
    tenantId = (await json(['tenants', 'create', '--nit', '900825759-7', '--name', 'HALLTEC S.A.S.'], {})).id;
    // Under the old key: an imported live certificate, a live software PIN, a live webhook endpoint.
    for (const args of [
      ['certificates', 'import', '--tenant', tenantId, '--env', 'live', '--file', pki.p12File],
      ['software', 'set', '--tenant', tenantId, '--env', 'live', '--id', 'soft-1', '--pin', '12345'],
      ['webhooks', 'create', '--tenant', tenantId, '--env', 'live', '--url', 'http://127.0.0.1:9/hooks', '--events', '*'],
    ]) {
      const run = await cli(args, OLD);
      expect(run.code, run.stderr).to.equal(0);
    }
  });
  after(() => {
    rmSync(dataDir, { recursive: true, force: true });
    pki.remove();
  });

  it('with the new key alone, the API and the CLI refuse to start, naming the key the secrets need and the key set, without a stack trace', async () => {
    const api = spawnSync(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', PORT: '0', LOG_LEVEL: 'silent', SECRETS_KEY_PREVIOUS: '', ...NEW },
    });
    const list = await cli(['tenants', 'list'], NEW);

    expect(api.status).to.equal(1);
    expect(list.code).to.equal(2);
    for (const stderr of [api.stderr, list.stderr]) {
      expect(stderr).to.contain(`secrets are kept sealed with key ${oldId}, which SECRETS_KEY (key ${newId}) is not`);
      expect(stderr).to.not.match(STACK_FRAME);
    }
  });

  it('key-id names both keys; status lists each kept secret by its key, and what start-up requires', async () => {
    expect(await json(['secrets', 'key-id'], BOTH)).to.deep.equal({ secrets_key: newId, secrets_key_previous: [oldId] });
    const keyFile = join(dataDir, 'secrets-key');
    writeFileSync(keyFile, `${NEW.SECRETS_KEY}\n`, { mode: 0o600 });
    expect(await json(['secrets', 'key-id'], { SECRETS_KEY_FILE: keyFile })).to.deep.equal({ secrets_key: newId, secrets_key_previous: [] });

    const status = await json(['secrets', 'status'], NEW);

    expect(status.secrets_key).to.equal(newId);
    expect(status.kept.map((secret: { kind: string; key_id: string }) => [secret.kind, secret.key_id])).to.deep.equal([
      ['certificate_private_key', oldId],
      ['software_pin', oldId],
      ['webhook_secret', oldId],
    ]);
    expect(status.startup_requires).to.deep.equal([oldId]);
    const text = await cli(['secrets', 'status'], NEW);
    expect(text.stdout).to.contain(`key ${oldId} (not configured: cannot be opened): 3`);
  });

  it('reseal (a dry run first) seals everything with the new key; then the new key alone starts the CLI and signs the live documents with the imported certificate', async () => {
    const dry = await json(['secrets', 'reseal', '--dry-run'], BOTH);
    expect(dry).to.deep.include({ key_id: newId, dry_run: true, kept: 3, already_sealed: 0, only_sealing_key_needed: false });

    const resealed = await json(['secrets', 'reseal'], BOTH);

    expect(resealed).to.deep.include({ key_id: newId, kept: 3, already_sealed: 0, only_sealing_key_needed: true });
    expect(resealed.resealed).to.have.length(3);
    expect(resealed.failed).to.deep.equal([]);
    const status = await json(['secrets', 'status'], NEW);
    expect(status.kept.map((secret: { key_id: string }) => secret.key_id)).to.deep.equal([newId, newId, newId]);
    expect(status.startup_requires).to.deep.equal([newId]);
    const shown = await cli(['software', 'show', '--tenant', tenantId, '--env', 'live'], NEW);
    expect(shown.code, shown.stderr).to.equal(0);
    const withOld = await cli(['tenants', 'list'], OLD);
    expect(withOld.code).to.equal(2);

    const issued = colombiaDateTime(new Date(Date.now() + 3_600_000));
    const document = { ...validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000042', environment: 'live' }), tenantId, issueDate: issued.date, issueTime: issued.time };
    const container = new Container(loadConfig({ DATA_DIR: dataDir, ...NEW }), silentLogger, await openStores(loadConfig({ DATA_DIR: dataDir })));
    try {
      const xml = (await container.provider.render(document, 'xml'))!.bytes.toString('utf8');
      expect(keyInfoCertificatePem(xml)).to.equal(new X509Certificate(pki.leafPem).toString());
      expect(xmlsecVerify(xml, pki.rootPem).output).to.match(/SignedInfo References \(ok\/all\): 3\/3/);
    } finally {
      await container.close();
    }
  });

  it('refuses a malformed SECRETS_KEY_PREVIOUS by its place, and reseal without SECRETS_KEY, exit 2', async () => {
    const malformed = await cli(['secrets', 'status'], { ...NEW, SECRETS_KEY_PREVIOUS: `${oldKey.toString('hex')},not-a-key` });
    const keyless = await cli(['secrets', 'reseal'], { SECRETS_KEY: '' });

    expect(malformed.code).to.equal(2);
    expect(malformed.stderr).to.contain('SECRETS_KEY_PREVIOUS: key 2 of 2 is not 32 random bytes');
    expect(keyless.code).to.equal(2);
    expect(keyless.stderr).to.contain('SECRETS_KEY');
    expect(keyless.stderr).to.not.match(STACK_FRAME);
  });
});
