import { expect } from 'chai';
import { http } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { BASE, createInvoice, expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET {base}/{id}/history and GET {base}/{id}?as_of= (sales invoice)', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let id: string;
  let history: Record<string, any>;

  before(async () => {
    // Workers start only after a pause, so the invoice stays pending for a measurable while.
    app = await startTestApp({}, { workers: false });
    tenant = await app.createTenant();
    other = await app.createTenant({ nit: '800197268' });
    id = (await createInvoice(app, tenant.key, undefined, { 'X-Correlation-Id': 'audit-corr-1' })).id;
    await pause(30);
    await app.container.startWorkers();
    await app.settle();
    const answer = await http(app.baseUrl, 'GET', `${BASE}/${id}/history`, { key: tenant.key });
    expect(answer.status, answer.text).to.equal(200);
    history = answer.body;
  });
  after(() => app.close());

  const get = (path: string, key = tenant.key) => http(app.baseUrl, 'GET', path, { key });

  it('lists every event oldest first with its time, actor, correlation id and the status after it', () => {
    expectSchema('DocumentHistory', history);
    expect(history.id).to.equal(id);
    const events = history.events as Array<Record<string, any>>;
    expect(events.map((e) => e.type)).to.deep.equal(['DocumentCreated', 'DocumentSubmissionStarted', 'DocumentValidated']);
    expect(events.map((e) => e.revision)).to.deep.equal([0, 1, 2]);
    expect(events.map((e) => e.actor)).to.deep.equal([tenant.keyId, 'system:submission', 'system:submission']);
    expect(events.map((e) => e.correlation_id)).to.deep.equal(['audit-corr-1', 'audit-corr-1', 'audit-corr-1']);
    expect(events.map((e) => e.status)).to.deep.equal(['pending', 'sent', 'validated']);
    const times = events.map((e) => Date.parse(e.recorded_at));
    expect([...times].sort((a, b) => a - b)).to.deep.equal(times);
    expect(events.every((e) => /^[0-9a-f]{64}$/.test(e.hash))).to.equal(true);
  });

  it('shows after each event the record GET by id showed then; the last one equals GET by id now', async () => {
    const events = history.events as Array<Record<string, any>>;
    for (const event of events) expectSchema('DocumentRecord', event.state);
    expect(events.map((e) => e.state.status)).to.deep.equal(['pending', 'sent', 'validated']);
    expect(events[0].state.number).to.equal(null);
    expect(events[2].state.number).to.match(/^SETP99/);
    // GET by id also lists the document's e-mails today (another stream); the history is the document's own.
    const { emails: _emails, ...now } = (await get(`${BASE}/${id}`)).body;
    expect(events[2].state).to.deep.equal(now);
  });

  it('as_of before the validation answers the pending document, after it the validated one', async () => {
    const [created, , validated] = history.events as Array<Record<string, any>>;
    const before = await get(`${BASE}/${id}?as_of=${encodeURIComponent(created.recorded_at)}`);
    expect(before.status, before.text).to.equal(200);
    expectSchema('DocumentRecord', before.body);
    expect(before.body.status).to.equal('pending');
    expect(before.body).to.deep.equal(created.state);
    const after = await get(`${BASE}/${id}?as_of=${encodeURIComponent(validated.recorded_at)}`);
    expect(after.body.status).to.equal('validated');
    const later = new Date(Date.parse(validated.recorded_at) + 3_600_000).toISOString().replace('Z', '+00:00');
    expect((await get(`${BASE}/${id}?as_of=${encodeURIComponent(later)}`)).body.status).to.equal('validated');
  });

  it('as_of accepts an offset and an unencoded "+" (which arrives as a space)', async () => {
    const created = Date.parse(history.events[0].recorded_at);
    const bogota = new Date(created - 5 * 3_600_000 + 1).toISOString().replace('Z', '-05:00');
    expect((await get(`${BASE}/${id}?as_of=${bogota}`)).body.status).to.equal('pending');
    const plusOne = new Date(created + 3_600_000 + 1).toISOString().replace('Z', '+01:00');
    expect((await get(`${BASE}/${id}?as_of=${plusOne}`)).body.status).to.equal('pending');
  });

  it('as_of before the document existed answers 404', async () => {
    const created = Date.parse(history.events[0].recorded_at);
    expectProblem(await get(`${BASE}/${id}?as_of=${new Date(created - 1).toISOString()}`), 404, 'not_found');
  });

  it('an invalid as_of answers 422 naming as_of', async () => {
    for (const bad of ['yesterday', '2026-03-01', '2026-02-30T10:00:00Z', '2026-03-01T10:00:00', '2026-03-01T25:00:00Z']) {
      const problem = expectProblem(await get(`${BASE}/${id}?as_of=${encodeURIComponent(bad)}`), 422, 'validation_failed');
      expect(problem.errors.map((e: { field: string }) => e.field), bad).to.deep.equal(['as_of']);
    }
    expectProblem(await get(`${BASE}/${id}?as_of=2026-03-01T10:00:00Z&as_of=2026-03-02T10:00:00Z`), 422, 'validation_failed');
  });

  it("another tenant's id answers 404, for the history and for as_of", async () => {
    expectProblem(await get(`${BASE}/${id}/history`, other.key), 404, 'not_found');
    expectProblem(await get(`${BASE}/${id}?as_of=${new Date().toISOString()}`, other.key), 404, 'not_found');
  });

  it('a key of the other environment does not see it either', async () => {
    const live = await app.createKey(tenant.tenantId, ['invoices:read'], 'live');
    expectProblem(await get(`${BASE}/${id}/history`, live.key), 404, 'not_found');
  });

  it('needs invoices:read (403), a key (401), and an id that is a UUID (422); an unknown id answers 404', async () => {
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);
    expectProblem(await get(`${BASE}/${id}/history`, writer.key), 403, 'insufficient_scope');
    expectProblem(await http(app.baseUrl, 'GET', `${BASE}/${id}/history`), 401, 'unauthorized');
    expectProblem(await get(`${BASE}/not-a-uuid/history`), 422, 'validation_failed');
    expectProblem(await get(`${BASE}/3f2504e0-4f89-41d3-9a0c-0305e82c3301/history`), 404, 'not_found');
  });

  it('is declared in /openapi.json with the as_of parameter on GET by id', async () => {
    const openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    const operation = openapi.paths[`${BASE}/{id}/history`].get;
    expect(Object.keys(operation.responses)).to.include.members(['200', '401', '403', '404', '422']);
    expect(operation.responses['200'].content['application/json'].schema.$ref).to.equal('#/components/schemas/DocumentHistory');
    const parameters = openapi.paths[`${BASE}/{id}`].get.parameters.map((p: { name: string }) => p.name);
    expect(parameters).to.include('as_of');
  });
});
