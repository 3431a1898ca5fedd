import { randomBytes, X509Certificate } from 'node:crypto';
import { expect } from 'chai';
import { post } from '../../support/family-test-helpers.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { liveNumbering } from '../../support/live-numbering.ts';

const DAY_MS = 86_400_000;

describe('an expiring or expired certificate: GET /v1/me warns, live issuance is refused with 422 certificate_expired', function () {
  this.timeout(60_000);
  let app: TestApp;
  let pki: TestPki;
  let live: TestTenant;
  let test: { key: string };
  const clock = new FixedClock(new Date().toISOString());

  before(async () => {
    pki = makeTestPki({ leafDays: 40 });
    app = await startTestApp({ SECRETS_KEY: randomBytes(32).toString('hex') }, { clock });
    live = await app.createTenant({ environment: 'live', scopes: ['invoices:read', 'invoices:write'] });
    test = await app.createKey(live.tenantId, ['invoices:read', 'invoices:write'], 'test');
    await liveNumbering(app, live.tenantId);
    await app.container.certificates.import({ tenantId: live.tenantId, environment: 'live', pkcs12: pki.p12, password: pki.password }, { actor: 'test', correlationId: 'test' });
  });
  after(async () => {
    await app.close();
    pki.remove();
  });

  const warnings = async (key: string) => {
    const answer = await http(app.baseUrl, 'GET', '/v1/me', { key });
    expect(answer.status, answer.text).to.equal(200);
    return answer.body.warnings as Record<string, unknown>[];
  };

  it('warns nothing while the certificate has more than 30 days left', async () => {
    expect((await warnings(live.key)).map((warning) => warning.code)).to.not.include('certificate_expiring');
  });

  it('warns certificate_expiring within 30 days of its end, naming serial and end', async () => {
    clock.advance(15 * DAY_MS);

    const expiring = (await warnings(live.key)).find((warning) => warning.code === 'certificate_expiring');

    const validTo = new Date(new X509Certificate(pki.leafPem).validTo);
    expect(expiring).to.include({ serial_number: pki.leafSerial, valid_to: validTo.toISOString(), days_left: Math.floor((validTo.getTime() - clock.now().getTime()) / DAY_MS) });
    expect((await post(app, 'sales-invoice', live.key, sampleInvoice())).status).to.equal(202);
  });

  it('refuses a live document once it has expired, with the certificate’s serial and end as members; test still issues', async () => {
    clock.advance(30 * DAY_MS);

    const refused = await post(app, 'sales-invoice', live.key, sampleInvoice());
    const inTest = await post(app, 'sales-invoice', test.key, sampleInvoice());

    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.code).to.equal('certificate_expired');
    expect(refused.body.certificate_serial_number).to.equal(pki.leafSerial);
    expect(refused.body.valid_to).to.match(/^\d{4}-\d{2}-\d{2}T/);
    expect((await warnings(live.key)).map((warning) => warning.code)).to.include('certificate_expired');
    expect(inTest.status, inTest.text).to.equal(202);
  });
});
