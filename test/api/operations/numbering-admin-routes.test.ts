import { expect } from 'chai';
import { OPERATOR_TENANT } from '../../../domain/tenancy/scopes.ts';
import { cufe } from '../../../domain/unique-codes/cufe.ts';
import { documentCreatedEvents, expectProblem, getInvoice, listInvoices, postInvoice } from '../../support/api-test-helpers.ts';
import { xmllint } from '../../support/artifacts/xml-schema.ts';
import { expectedCude, LIVE_ENVIRONMENT, noteBody, PATHS } from '../../support/family-test-helpers.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');
const RESOLUTION = { environment: 'test', family: 'sales-invoice', prefix: 'FEB', from: 1, to: 3, number: '18764000001', valid_from: '2026-01-01', valid_to: '2099-12-31' };

describe('numbering resolutions and software identity (operator API, issuance)', function () {
  this.timeout(30_000);
  let app: TestApp;
  let operator: string;
  const admin = (method: string, path: string, body?: unknown) => http(app.baseUrl, method, path, { key: operator, body });
  const validated = async (key: string, base: string, id: string) => {
    await app.settle();
    const answer = await http(app.baseUrl, 'GET', `${base}/${id}`, { key });
    expect(answer.body.status, answer.text).to.equal('validated');
    return answer.body;
  };

  before(async () => {
    app = await startTestApp({ SECRETS_KEY });
    operator = (await app.createKey(OPERATOR_TENANT, ['admin'], 'live')).key;
  });
  after(() => app.close());

  it('given a 3-number resolution FEB, then three invoices are validated FEB1, FEB2, FEB3, the fourth answers 422 numbering_unavailable and creates nothing, and the company is warned', async () => {
    const tenant = await app.createTenant({ nit: '900825759' });
    const added = await admin('POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, RESOLUTION);
    expect(added.status, added.text).to.equal(201);
    expect(added.body).to.include({ prefix: 'FEB', from: 1, to: 3, status: 'active', has_technical_key: false });
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await postInvoice(app, tenant.key)).body.id);
    const numbers = [];
    for (const id of ids) numbers.push((await validated(tenant.key, PATHS['sales-invoice'], id)).number);
    expect(numbers.sort()).to.deep.equal(['FEB1', 'FEB2', 'FEB3']);

    const before = (await documentCreatedEvents(app)).length;
    const fourth = expectProblem(await postInvoice(app, tenant.key), 422, 'numbering_unavailable');
    expect(fourth).to.include({ family: 'sales-invoice', environment: 'test', reason: 'exhausted' });
    expect(fourth.detail).to.contain('FEB (resolution 18764000001) has no numbers left');
    expect((await documentCreatedEvents(app)).length).to.equal(before);
    await app.settle();
    expect((await listInvoices(app, tenant.key)).body.pagination.total).to.equal(3);

    const me = await http(app.baseUrl, 'GET', '/v1/me', { key: tenant.key });
    expect(me.body.warnings.map((w: { code: string }) => w.code)).to.deep.equal(['resolution_running_out']);
    const listed = await admin('GET', `/admin/v1/tenants/${tenant.tenantId}/resolutions`);
    expect(listed.body.data[0]).to.include({ assigned: 3, reserved: 0, remaining: 0, last_number: 'FEB3' });
    expect(listed.body.data[0].warnings[0].code).to.equal('resolution_running_out');
  });

  it('given four concurrent POSTs on a range with one number, then one is accepted and three answer 422', async () => {
    const tenant = await app.createTenant({ nit: '860034313' });
    await admin('POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, { ...RESOLUTION, prefix: 'LAST', to: 1 });
    const answers = await Promise.all([postInvoice(app, tenant.key), postInvoice(app, tenant.key), postInvoice(app, tenant.key), postInvoice(app, tenant.key)]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([202, 422, 422, 422]);
  });

  it('given a registered technical key and software (id abc, PIN 12345), then the invoice CUFE uses the key, SoftwareSecurityCode is the reference vector, and the XML carries them and stays XSD-valid', async () => {
    const tenant = await app.createTenant({ nit: '890903938' });
    const key = '693ff6f2a553c3646a063436fd4dd9ded0311471';
    await admin('POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, { ...RESOLUTION, prefix: 'SETP', from: 990000001, to: 990000100, technical_key: key });
    const software = await admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/software/test`, { software_id: 'abc', pin: '12345', test_set_id: 'set-1' });
    expect(software.body).to.deep.include({ software_id: 'abc', pin: '*****', test_set_id: 'set-1', default: false });
    const invoice = await validated(tenant.key, PATHS['sales-invoice'], (await postInvoice(app, tenant.key)).body.id);
    expect(invoice.number).to.equal('SETP990000001');
    const tax = (code: string) => invoice.totals.tax_totals.find((t: { code: string }) => t.code === code)?.tax_amount ?? '0.00';
    const expected = cufe({
      number: invoice.number, issueDate: invoice.issue_date, issueTime: invoice.issue_time, lineExtensionAmount: invoice.totals.line_extension_amount,
      ivaAmount: tax('01'), incAmount: tax('04'), icaAmount: tax('03'), payableAmount: invoice.totals.payable_amount,
      issuerNit: '890903938', acquirerId: invoice.customer.identification, technicalKey: key, environment: '2',
    });
    expect(invoice.cufe).to.equal(expected);
    const xml = (await getInvoice(app, tenant.key, `${invoice.id}/xml`)).text;
    expect(xml).to.contain('ef061d791ea17f22a34df2d5d18726509bcbe69139a7527a7e3d94c5d534899d5ff886f5a360c0fe87a71d600b67e3eb');
    expect(xml).to.match(/<sts:SoftwareID[^>]*>abc<\/sts:SoftwareID>/);
    expect(xml).to.match(/<sts:InvoiceAuthorization>18764000001<\/sts:InvoiceAuthorization>/);
    expect(xml).to.match(/<cbc:EndDate>2099-12-31<\/cbc:EndDate>/);
    expect(xml).to.match(/<sts:Prefix>SETP<\/sts:Prefix>\s*<sts:From>990000001<\/sts:From>\s*<sts:To>990000100<\/sts:To>/);
    expect(xml).to.not.contain('12345<');
    const lint = xmllint(xml);
    expect(lint.status, lint.output).to.equal(0);
  });

  it('given a live company with its software and a credit-note resolution, then the CUDE is computed with its PIN; without a resolution, 422 none_registered', async () => {
    const tenant = await app.createTenant({ nit: '800197268', environment: 'live' });
    const none = expectProblem(await http(app.baseUrl, 'POST', PATHS['credit-note'], { key: tenant.key, body: noteBody({ billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' } }), headers: { 'Idempotency-Key': 'live-none-1' } }), 422, 'numbering_unavailable');
    expect(none.reason).to.equal('software_not_registered');
    await admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/software/live`, { software_id: 'soft-live-1', pin: '10201' });
    const noRange = expectProblem(await http(app.baseUrl, 'POST', PATHS['credit-note'], { key: tenant.key, body: noteBody({ billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' } }), headers: { 'Idempotency-Key': 'live-none-2' } }), 422, 'numbering_unavailable');
    expect(noRange).to.include({ reason: 'none_registered', family: 'credit-note', environment: 'live' });
    await admin('POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, { ...RESOLUTION, environment: 'live', family: 'credit-note', prefix: 'NCL' });
    const posted = await http(app.baseUrl, 'POST', PATHS['credit-note'], { key: tenant.key, body: noteBody({ prefix: 'NCL', billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' } }), headers: { 'Idempotency-Key': 'live-ok-1' } });
    expect(posted.status, posted.text).to.equal(202);
    const note = await validated(tenant.key, PATHS['credit-note'], posted.body.id);
    expect(note.number).to.equal('NCL1');
    expect(note.cude).to.equal(expectedCude(note, LIVE_ENVIRONMENT, '10201'));
  });

  it('given bad operator input, then 422 names each field; an unknown company or resolution is 404; a retired resolution says so', async () => {
    const tenant = await app.createTenant({ nit: '899999068' });
    const shape = expectProblem(await admin('POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, { ...RESOLUTION, prefix: 'TOOLONG', extra: 1 }), 422, 'validation_failed');
    expect(shape.errors.map((e: { field: string }) => e.field).sort()).to.deep.equal(['extra', 'prefix']);
    const rules = expectProblem(await admin('POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, { ...RESOLUTION, from: 9, to: 2 }), 422, 'validation_failed');
    expect(rules.errors).to.deep.equal([{ field: 'to', message: 'must not be below from (9)' }]);
    expectProblem(await admin('POST', '/admin/v1/tenants/00000000-0000-4000-8000-000000000000/resolutions', RESOLUTION), 404, 'not_found');
    expectProblem(await admin('POST', '/admin/v1/resolutions/nope/retire'), 404, 'not_found');
    const added = await admin('POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, RESOLUTION);
    const retired = await admin('POST', `/admin/v1/resolutions/${added.body.id}/retire`);
    expect(retired.body).to.include({ status: 'retired' });
    const pin = expectProblem(await admin('PUT', `/admin/v1/tenants/${tenant.tenantId}/software/test`, { software_id: 'a b', pin: '1' }), 422, 'validation_failed');
    expect(pin.errors).to.deep.equal([{ field: 'software_id', message: 'must be the software id DIAN gave: letters, digits and hyphens, at most 64' }]);
    expectProblem(await http(app.baseUrl, 'GET', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, { key: tenant.key }), 403);
  });
});

describe('software identity without SECRETS_KEY', function () {
  this.timeout(30_000);
  it('given no SECRETS_KEY, when a PIN is set, then 503 names the variable and nothing is recorded', async () => {
    const app = await startTestApp();
    try {
      const operator = (await app.createKey(OPERATOR_TENANT, ['admin'], 'live')).key;
      const tenant = await app.createTenant();
      const answer = await http(app.baseUrl, 'PUT', `/admin/v1/tenants/${tenant.tenantId}/software/live`, { key: operator, body: { software_id: 'soft', pin: '12345' } });
      const problem = expectProblem(answer, 503, 'secrets_key_missing');
      expect(problem.detail).to.equal('SECRETS_KEY is not set: it is required to seal the software PIN');
      expect(await app.container.eventStore.readStream(`softwareIdentity-${tenant.tenantId}.live`)).to.deep.equal([]);
    } finally {
      await app.close();
    }
  });
});

describe('a reservation of a document that is not created', function () {
  this.timeout(30_000);
  it('given a 1-number resolution and a document too large for the event store (413), then its reservation is given back and the next document gets FEB1', async () => {
    const app = await startTestApp({ SECRETS_KEY, EVENTSTORE_MAX_APPEND_BYTES: '65536' });
    try {
      const operator = (await app.createKey(OPERATOR_TENANT, ['admin'], 'live')).key;
      const tenant = await app.createTenant();
      await http(app.baseUrl, 'POST', `/admin/v1/tenants/${tenant.tenantId}/resolutions`, { key: operator, body: { ...RESOLUTION, to: 1 } });
      const body = sampleInvoice();
      body.items = Array.from({ length: 300 }, (_, n) => ({ ...body.items[0], code_reference: `P-${n}`, name: `Producto ${n}` }));
      body.payment_details[0].amount = (300 * 11_900).toFixed(2);
      expectProblem(await postInvoice(app, tenant.key, body), 413, 'payload_too_large');
      const next = await postInvoice(app, tenant.key);
      expect(next.status, next.text).to.equal(202);
      await app.settle();
      expect((await getInvoice(app, tenant.key, next.body.id)).body.number).to.equal('FEB1');
    } finally {
      await app.close();
    }
  });
});
