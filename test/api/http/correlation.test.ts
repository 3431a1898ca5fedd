import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, UUID_PATTERN, createInvoice, expectProblem, getInvoice, listInvoices, postInvoice, streamOf } from '../../support/api-test-helpers.ts';

describe('X-Correlation-Id', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  it('given an X-Correlation-Id on POST, then it is echoed and stored as $correlationId with actor, tenantId and environment', async () => {
    const accepted = await postInvoice(app, tenant.key, sampleInvoice(), { 'X-Correlation-Id': 'order-7781-create' });
    expect(accepted.status).to.equal(202);
    expect(accepted.headers.get('x-correlation-id')).to.equal('order-7781-create');

    const [created] = await streamOf(app, accepted.body.id);

    expect(created.type).to.equal('DocumentCreated');
    expect(created.metadata).to.include({
      $correlationId: 'order-7781-create',
      actor: tenant.keyId,
      tenantId: tenant.tenantId,
      environment: 'test',
    });
    expect(created.metadata.schemaVersion).to.be.a('number');
    expect(created.metadata.$causationId).to.be.a('string').and.not.equal('');
  });

  it('given a correlated POST, then the submission events the workers append carry the same $correlationId, with a system actor', async () => {
    const accepted = await createInvoice(app, tenant.key, sampleInvoice(), { 'X-Correlation-Id': 'order-7782-create' });
    await app.settle();

    const events = await streamOf(app, accepted.id);

    expect(events.map((event) => event.type)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    for (const event of events) {
      expect(event.metadata.$correlationId).to.equal('order-7782-create');
      expect(event.metadata.tenantId).to.equal(tenant.tenantId);
      expect(event.metadata.environment).to.equal('test');
    }
    expect(events[1].metadata.actor).to.match(/^system:/);
    expect(events[1].metadata.$causationId).to.equal(events[0].id);
  });

  it('given an X-Correlation-Id on DELETE, then it is echoed and stored on the DocumentCancelled event with the deleting key as actor', async () => {
    const pendingApp = await startTestApp({}, { workers: false });
    try {
      const owner = await pendingApp.createTenant();
      const deleter = await pendingApp.createKey(owner.tenantId, ['invoices:write']);
      const accepted = await createInvoice(pendingApp, owner.key);

      const answer = await http(pendingApp.baseUrl, 'DELETE', `${BASE}/${accepted.id}`, { key: deleter.key, headers: { 'X-Correlation-Id': 'cancel-42' } });

      expect(answer.status).to.equal(200);
      expect(answer.headers.get('x-correlation-id')).to.equal('cancel-42');
      const cancelled = (await streamOf(pendingApp, accepted.id)).find((event) => event.type === 'DocumentCancelled');
      expect(cancelled?.metadata).to.include({ $correlationId: 'cancel-42', actor: deleter.keyId, tenantId: owner.tenantId, environment: 'test' });
    } finally {
      await pendingApp.close();
    }
  });

  it('given no X-Correlation-Id, then one is generated, answered, and stored on the events', async () => {
    const accepted = await postInvoice(app, tenant.key);
    const generated = accepted.headers.get('x-correlation-id');

    expect(generated).to.match(UUID_PATTERN);
    const [created] = await streamOf(app, accepted.body.id);
    expect(created.metadata.$correlationId).to.equal(generated);
  });

  it('given two requests without X-Correlation-Id, then each gets its own', async () => {
    const a = await listInvoices(app, tenant.key);
    const b = await listInvoices(app, tenant.key);

    expect(a.headers.get('x-correlation-id')).to.not.equal(b.headers.get('x-correlation-id'));
  });

  it('given an X-Correlation-Id on GET, list and on error answers, then it is echoed on each', async () => {
    const accepted = await createInvoice(app, tenant.key);
    const headers = { 'X-Correlation-Id': 'read-path-1' };

    const byId = await getInvoice(app, tenant.key, accepted.id, headers);
    const list = await http(app.baseUrl, 'GET', BASE, { key: tenant.key, headers });
    const unauthorized = await http(app.baseUrl, 'GET', BASE, { headers });
    const notFound = await getInvoice(app, tenant.key, '3f2504e0-4f89-41d3-9a0c-0305e82c3301', headers);

    for (const answer of [byId, list, unauthorized, notFound]) expect(answer.headers.get('x-correlation-id')).to.equal('read-path-1');
    expectProblem(unauthorized, 401);
    expectProblem(notFound, 404);
  });

  it('given a POST refused as invalid, then the correlation id is echoed and no event carries it', async () => {
    const body = sampleInvoice();
    body.items = [];

    const answer = await postInvoice(app, tenant.key, body, { 'X-Correlation-Id': 'refused-post-1' });

    expectProblem(answer, 422);
    expect(answer.headers.get('x-correlation-id')).to.equal('refused-post-1');
    const all = await app.container.eventStore.readAll({ maxCount: 100_000 });
    expect(all.some((event) => event.metadata.$correlationId === 'refused-post-1')).to.equal(false);
  });

  it('given a replayed POST with a new correlation id, then no event is appended under the new id', async () => {
    const idempotencyKey = 'correlated-replay-0001';
    await createInvoice(app, tenant.key, sampleInvoice(), { 'Idempotency-Key': idempotencyKey, 'X-Correlation-Id': 'first-try' });
    await app.settle();

    const replay = await postInvoice(app, tenant.key, sampleInvoice(), { 'Idempotency-Key': idempotencyKey, 'X-Correlation-Id': 'second-try' });

    expect(replay.status).to.equal(202);
    expect(replay.headers.get('x-correlation-id')).to.equal('second-try');
    const all = await app.container.eventStore.readAll({ maxCount: 100_000 });
    expect(all.some((event) => event.metadata.$correlationId === 'second-try')).to.equal(false);
  });
});
