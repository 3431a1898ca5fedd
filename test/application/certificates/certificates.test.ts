import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { Certificates } from '../../../application/certificates/certificates.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { UnreadableCertificateError } from '../../../application/ports/certificate-toolkit.ts';
import { MissingSecretsKeyError } from '../../../application/ports/secret-cipher.ts';
import { requireSecretsKeys } from '../../../application/secrets/sealed-secrets-marker.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { nodeCertificateToolkit } from '../../../infrastructure/certificates/node-certificate-toolkit.ts';
import { AesGcmCipher, NoSecretsKey } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import forge from 'node-forge';
import { join } from 'node:path';

const CONTEXT = { actor: 'test', correlationId: 'test' };

describe('Certificates: import, the generated test certificate, and keys at rest', function () {
  this.timeout(30_000);
  let stores: TempStores;
  let pki: TestPki;
  let tenantId: string;
  const clock = new FixedClock(new Date().toISOString());

  const certificatesWith = (secrets: AesGcmCipher | NoSecretsKey) => {
    const aggregates = new AggregateStore(stores.events);
    return new Certificates({ aggregates, eventStore: stores.events, secrets, toolkit: nodeCertificateToolkit, tenants: new TenantDirectory(aggregates), clock, ids: new SequentialIds() });
  };

  beforeEach(async () => {
    stores = openTempStores();
    const tenant = await new RegisterTenant(new AggregateStore(stores.events), clock, new SequentialIds()).execute({ nit: '900825759', legalName: 'HALLTEC S.A.S.', tradeName: 'Halltec' }, CONTEXT);
    tenantId = tenant.id;
  });
  afterEach(() => stores.dispose());
  before(() => (pki = makeTestPki()));
  after(() => pki.remove());

  it('without SECRETS_KEY (the quick start) keeps the generated test key in the clear, marked test-only, and needs no key at start-up', async () => {
    const certificates = certificatesWith(new NoSecretsKey());

    const first = await certificates.signingKey(tenantId, 'test', clock.now());
    const again = await certificates.signingKey(tenantId, 'test', clock.now());

    expect(again).to.deep.equal(first);
    expect((await certificates.registry(tenantId, 'test')).certificates.map((kept) => kept.privateKey.protection)).to.deep.equal(['clear-test-only']);
    expect(await certificates.signingKey(tenantId, 'live', clock.now())).to.equal(null);
    await requireSecretsKeys(stores.events, new NoSecretsKey());
  });

  it('with SECRETS_KEY seals the generated key, and start-up then requires the variable', async () => {
    const key = new AesGcmCipher(randomBytes(32));
    await certificatesWith(key).signingKey(tenantId, 'test', clock.now());

    const [kept] = (await certificatesWith(key).registry(tenantId, 'test')).certificates;

    expect(kept.privateKey.protection).to.equal('sealed');
    expect(kept.privateKey.value).to.match(/^aes256gcm:/);
    let refused: unknown;
    await requireSecretsKeys(stores.events, new NoSecretsKey()).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(MissingSecretsKeyError);
    expect((refused as Error).message).to.contain('SECRETS_KEY');
  });

  it('refuses a PKCS#12 whose key is not its certificate’s, or that holds no key, naming the problem', async () => {
    const certificates = certificatesWith(new AesGcmCipher(randomBytes(32)));
    const otherKey = join(pki.dir, 'other.key');
    execFileSync('openssl', ['genrsa', '-out', otherKey, '2048'], { stdio: 'pipe' });
    // openssl refuses to pack a key with a certificate it does not match; node-forge packs whatever it is given.
    const packed = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(readFileSync(otherKey, 'utf8')), [forge.pki.certificateFromPem(pki.leafPem)], 'x', { algorithm: '3des' });
    const mismatched = join(pki.dir, 'mismatched.p12');
    writeFileSync(mismatched, Buffer.from(forge.asn1.toDer(packed).getBytes(), 'binary'));
    const keyless = join(pki.dir, 'keyless.p12');
    execFileSync('openssl', ['pkcs12', '-export', '-nokeys', '-in', join(pki.dir, 'leaf.pem'), '-out', keyless, '-passout', 'pass:x'], { stdio: 'pipe' });

    const failures: unknown[] = [];
    for (const file of [mismatched, keyless]) {
      await certificates.import({ tenantId, environment: 'live', pkcs12: readFileSync(file), password: 'x' }, CONTEXT).catch((error: unknown) => failures.push(error));
    }

    expect(failures.map((error) => (error as Error).message)).to.deep.equal([
      'the private key in the PKCS#12 file does not match any of its certificates',
      'the PKCS#12 file holds no private key',
    ]);
    expect(failures.every((error) => error instanceof UnreadableCertificateError)).to.equal(true);
  });
  it('given a registry this instance already read, when another store instance (another process) imports a certificate, then this one sees it at once', async () => {
    const key = new AesGcmCipher(randomBytes(32));
    const here = certificatesWith(key);
    const otherStore = stores.reopen().events;
    const aggregates = new AggregateStore(otherStore);
    const elsewhere = new Certificates({ aggregates, eventStore: otherStore, secrets: key, toolkit: nodeCertificateToolkit, tenants: new TenantDirectory(aggregates), clock, ids: new SequentialIds() });
    expect((await here.registry(tenantId, 'live')).certificates).to.have.length(0);

    await elsewhere.import({ tenantId, environment: 'live', pkcs12: pki.p12, password: pki.password }, CONTEXT);
    expect((await here.registry(tenantId, 'live')).certificates).to.have.length(1);

    const renewal = makeTestPki({ leafSerial: 4242n });
    try {
      await elsewhere.import({ tenantId, environment: 'live', pkcs12: renewal.p12, password: renewal.password }, CONTEXT);
    } finally {
      renewal.remove();
    }
    expect((await here.registry(tenantId, 'live')).certificates).to.have.length(2);
  });
});
