import { LIVE_READY, liveNumbering } from '../../support/live-numbering.ts';
import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, UUID_PATTERN, colombianDate, createInvoice, expectSchema, getInvoice, newIdempotencyKey, streamOf } from '../../support/api-test-helpers.ts';

describe('POST /invoices/v1/sales-invoices (issuance)', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant({ nit: '900825759' });
  });
  after(() => app.close());

  it('given a valid invoice, when posted, then 202 answers the Accepted body with id, transaction_id, pending and links.self', async () => {
    const answer = await http(app.baseUrl, 'POST', BASE, { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': newIdempotencyKey() } });

    expect(answer.status, answer.text).to.equal(202);
    expect(answer.headers.get('content-type')).to.match(/^application\/json/);
    expect(answer.body.id).to.match(UUID_PATTERN);
    expect(answer.body.transaction_id).to.match(UUID_PATTERN);
    expect(answer.body.transaction_id).to.not.equal(answer.body.id);
    expect(answer.body.status).to.equal('pending');
    expect(answer.body.links).to.deep.equal({ self: `${BASE}/${answer.body.id}` });
    expect(answer.headers.get('location')).to.equal(`${BASE}/${answer.body.id}`);
    expectSchema('Accepted', answer.body);
  });

  it('given a 202, when the document is read by id immediately, then it is found with the same id and transaction_id', async () => {
    // Workers are running; the read must not depend on the projection having caught up (consistency rule).
    const accepted = await createInvoice(app, tenant.key);

    const answer = await getInvoice(app, tenant.key, accepted.id);

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.id).to.equal(accepted.id);
    expect(answer.body.transaction_id).to.equal(accepted.transaction_id);
    expect(['pending', 'sent', 'validated']).to.include(answer.body.status);
    expectSchema('DocumentRecord', answer.body);
  });

  it('given the links.self of the 202, when followed, then it reads the same document', async () => {
    const accepted = await createInvoice(app, tenant.key);

    const answer = await http(app.baseUrl, 'GET', accepted.links.self, { key: tenant.key });

    expect(answer.status).to.equal(200);
    expect(answer.body.id).to.equal(accepted.id);
  });

  it('given a posted invoice, when the workers settle, then it is validated with a SETP number, a 96-hex CUFE, totals and no warnings', async () => {
    const accepted = await createInvoice(app, tenant.key);
    await app.settle();

    const { status, body } = await getInvoice(app, tenant.key, accepted.id);

    expect(status).to.equal(200);
    expect(body.status).to.equal('validated');
    expect(body.number).to.match(/^SETP99\d{7}$/);
    expect(body.cufe).to.match(/^[0-9a-f]{96}$/);
    expect(body.warnings).to.deep.equal([]);
    expect(body).to.not.have.property('errors');
    expect(body.transaction_id).to.equal(accepted.transaction_id);
    expect(body.environment).to.equal('test');
    expect(body.validated_at).to.be.a('string');
    expect(body.totals).to.include({
      line_extension_amount: '70000.00',
      tax_exclusive_amount: '70000.00',
      tax_inclusive_amount: '83300.00',
      rounding_amount: '0.00',
      payable_amount: '83300.00',
    });
    expect(body.issuer).to.include({ nit: '900825759' });
    expect(body.customer).to.deep.equal(sampleInvoice().customer);
    expect(body.items).to.deep.equal(sampleInvoice().items);
    expect(body.payment_details).to.deep.equal(sampleInvoice().payment_details);
    expect(body.issue_date).to.equal(colombianDate(body.created_at));
    expect(body.links).to.deep.equal({ self: `${BASE}/${accepted.id}` });
    expectSchema('DocumentRecord', body);
  });

  it('given invoices validated one after another, then their numbers are consecutive in the SETP range', async () => {
    const first = await createInvoice(app, tenant.key);
    await app.settle();
    const second = await createInvoice(app, tenant.key);
    await app.settle();
    const third = await createInvoice(app, tenant.key);
    await app.settle();

    const numbers = await Promise.all([first, second, third].map(async ({ id }) => (await getInvoice(app, tenant.key, id)).body.number as string));

    const consecutives = numbers.map((number) => Number(number.replace(/^SETP/, '')));
    expect(consecutives[1]).to.equal(consecutives[0] + 1);
    expect(consecutives[2]).to.equal(consecutives[1] + 1);
  });

  it('given several validated invoices, then every number and CUFE is distinct', async () => {
    const accepted = await Promise.all(Array.from({ length: 5 }, () => createInvoice(app, tenant.key)));
    await app.settle();

    const records = await Promise.all(accepted.map(async ({ id }) => (await getInvoice(app, tenant.key, id)).body));

    expect(records.every((record) => record.status === 'validated')).to.equal(true);
    expect(new Set(records.map((record) => record.number)).size).to.equal(5);
    expect(new Set(records.map((record) => record.cufe)).size).to.equal(5);
  });

  it('given the sandbox test value 1111111111 as customer, when settled, then it is rejected with DIAN rule errors and no number', async () => {
    const accepted = await createInvoice(app, tenant.key, sampleInvoice({ identification: '1111111111' }));
    await app.settle();

    const { status, body } = await getInvoice(app, tenant.key, accepted.id);

    expect(status).to.equal(200);
    expect(body.status).to.equal('rejected');
    expect(body.number).to.equal(null);
    expect(body.cufe).to.equal(null);
    expect(body.errors).to.be.an('array').with.length.greaterThan(0);
    for (const error of body.errors) {
      expect(error.code).to.be.a('string').and.match(/^[A-Z]+\d+[a-z]?$/);
      expect(error.message).to.be.a('string').and.not.equal('');
    }
    expect(body).to.not.have.property('warnings');
    expectSchema('DocumentRecord', body);
  });

  it('given the sandbox test value 2222222221 as customer, when settled, then it is validated with non-empty warnings', async () => {
    const accepted = await createInvoice(app, tenant.key, sampleInvoice({ identification: '2222222221' }));
    await app.settle();

    const { body } = await getInvoice(app, tenant.key, accepted.id);

    expect(body.status).to.equal('validated');
    expect(body.number).to.match(/^SETP\d+$/);
    expect(body.warnings).to.be.an('array').with.length.greaterThan(0);
    for (const warning of body.warnings) {
      expect(warning.code).to.be.a('string').and.not.equal('');
      expect(warning.message).to.be.a('string').and.not.equal('');
    }
  });

  it('given a rejected invoice, then it does not consume a number: the next validated one follows the previous validated one', async () => {
    const before = await createInvoice(app, tenant.key);
    await app.settle();
    await createInvoice(app, tenant.key, sampleInvoice({ identification: '1111111111' }));
    await app.settle();
    const after = await createInvoice(app, tenant.key);
    await app.settle();

    const a = Number((await getInvoice(app, tenant.key, before.id)).body.number.replace('SETP', ''));
    const b = Number((await getInvoice(app, tenant.key, after.id)).body.number.replace('SETP', ''));
    expect(b).to.equal(a + 1);
  });

  it('given a posted invoice, then the stream holds DocumentCreated followed by submission and validation, all in the tenant scope', async () => {
    const accepted = await createInvoice(app, tenant.key);
    await app.settle();

    const events = await streamOf(app, accepted.id);

    expect(events.map((event) => event.type)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    expect(events[0].data.transactionId).to.equal(accepted.transaction_id);
    for (const event of events) {
      expect(event.metadata.tenantId).to.equal(tenant.tenantId);
      expect(event.metadata.environment).to.equal('test');
    }
  });

  it('given a live key, when it posts, then the document lives in the live environment and validates', async () => {
    const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
    await liveNumbering(app, tenant.tenantId);
    const accepted = await createInvoice(app, live.key);
    await app.settle();

    const { body } = await getInvoice(app, live.key, accepted.id);

    expect(body.environment).to.equal('live');
    expect(body.status).to.equal('validated');
    expect(body.cufe).to.match(/^[0-9a-f]{96}$/);
  });

  it('given a line without the optional codes and a customer without optional fields, then the record states the defaults used', async () => {
    const body = sampleInvoice();
    body.items = [{ code_reference: 'SRV-1', name: 'Servicio', quantity: '2.00', price: '1500.00' }];
    body.payment_details[0].amount = '3000.00';
    for (const field of ['tribute_code', 'country_code', 'responsibilities']) delete body.customer[field];

    const accepted = await createInvoice(app, tenant.key, body);
    await app.settle();

    const record = (await getInvoice(app, tenant.key, accepted.id)).body;
    expect(record.status).to.equal('validated');
    expect(record.items[0]).to.include({ unit_measure_code: '94', standard_code: '999', discount_rate: '0.00' });
    expect(record.items[0].taxes).to.deep.equal([]);
    expect(record.customer).to.include({ tribute_code: 'ZZ', country_code: 'CO' });
    expect(record.customer.responsibilities).to.deep.equal(['R-99-PN']);
    expect(record.totals).to.include({ line_extension_amount: '3000.00', tax_inclusive_amount: '3000.00', payable_amount: '3000.00' });
  });

  it('given a discount and mixed tax rates, then the totals are computed and the payments must match them', async () => {
    const body = sampleInvoice();
    body.items = [
      { ...body.items[0], quantity: '3.00', price: '333.33', discount_rate: '10.00', taxes: [{ code: '01', rate: '19.00' }] },
      { ...body.items[1], quantity: '1.00', price: '1000.00', taxes: [{ code: '01', rate: '5.00' }] },
    ];
    // line 1: 999.99 × 0.9 = 899.991 → 899.99, VAT 171.00; line 2: 1000.00, VAT 50.00; payable rounds the exact sum once.
    body.payment_details[0].amount = '2120.99';

    const accepted = await createInvoice(app, tenant.key, body);
    const record = (await getInvoice(app, tenant.key, accepted.id)).body;

    expect(record.totals).to.include({ line_extension_amount: '1899.99', payable_amount: '2120.99' });
    expect(record.totals.tax_inclusive_amount).to.equal('2120.99');
  });

  it('given an observation, when posted, then the record returns it unchanged', async () => {
    const accepted = await createInvoice(app, tenant.key, sampleInvoice({ observation: 'Pedido 42 – entrega en bodega' }));

    const { body } = await getInvoice(app, tenant.key, accepted.id);

    expect(body.observation).to.equal('Pedido 42 – entrega en bodega');
  });
});
