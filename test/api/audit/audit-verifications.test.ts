import { join } from 'node:path';
import { expect } from 'chai';
import { Leases } from '../../../application/coordination/leases.ts';
import { systemClock } from '../../../application/ports/clock.ts';
import { BASE, createInvoice, expectNamesField, expectProblem, expectSchema } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { Tamperer } from '../../support/trail-tampering.ts';

const VERIFICATIONS = '/v1/audit/verifications';

describe('POST and GET /v1/audit/verifications: the company’s whole trail verified in the background', function () {
  this.timeout(30_000);
  let app: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let invoiceId: string;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    other = await app.createTenant({ nit: '800197268' });
    invoiceId = (await createInvoice(app, tenant.key)).id;
    await createInvoice(app, other.key);
    await app.settle();
  });
  after(() => app.close());

  const call = (method: string, path = '', key: string | undefined = tenant.key, body?: unknown) => http(app.baseUrl, method, `${VERIFICATIONS}${path}`, { key, body });
  const completed = async (id: string, key = tenant.key): Promise<Record<string, any>> => {
    for (let round = 0; round < 500; round += 1) {
      const answer = await call('GET', `/${id}`, key);
      expect(answer.status, answer.text).to.equal(200);
      if (answer.body.status !== 'running') return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`verification ${id} still running`);
  };

  it('given an intact trail, then 202 running with Location, and GET follows it to completed and intact', async () => {
    const started = await call('POST');

    expect(started.status, started.text).to.equal(202);
    expectSchema('AuditVerification', started.body);
    expect(started.body).to.include({ status: 'running', intact: null, finished_at: null });
    expect(started.headers.get('location')).to.equal(`${VERIFICATIONS}/${started.body.id}`);
    const done = await completed(started.body.id);
    expectSchema('AuditVerification', done);
    expect(done).to.include({ status: 'completed', intact: true, findings_count: 0, error: null });
    expect(done.findings).to.deep.equal([]);
    expect(done.events_checked).to.equal(done.events_total);
    expect(done.tenant_events_checked).to.be.above(0).and.below(done.events_total);
    expect(done.streams_checked).to.be.above(0);
  });

  it('given one of its events edited in the file, then its verification finds it altered; the other company’s stays intact', async () => {
    const tamper = new Tamperer(join(app.config.dataDir, 'events.sqlite'));
    const stream = `salesInvoice-${invoiceId}`;
    const position = tamper.position(stream, 2);
    tamper.alterData(stream, 2, '$.number', 'SETP990009999');

    const mine = await completed((await call('POST')).body.id);
    const theirs = await completed((await call('POST', '', other.key)).body.id, other.key);

    expect(mine).to.include({ status: 'completed', intact: false, findings_count: 1 });
    expect(mine.findings).to.deep.equal([{ stream, revision: 2, position, kind: 'altered', detail: 'hash mismatch' }]);
    expect(theirs).to.include({ status: 'completed', intact: true });
    const trail = await http(app.baseUrl, 'GET', `${BASE}/${invoiceId}/trail`, { key: tenant.key });
    expect(trail.body.findings).to.deep.equal([{ revision: 2, position, kind: 'altered', detail: 'hash mismatch' }]);
  });

  it('given one running (here held by another instance), then a second POST is 409 verification_running naming it', async () => {
    const leases = new Leases(app.container.coordination, systemClock);
    const held = (await leases.acquire(`audit-verification:${other.tenantId}.test`, 'instance-2/ver_elsewhere', 30_000))!;

    const answer = await call('POST', '', other.key);

    const problem = expectProblem(answer, 409, 'verification_running');
    expect(problem.verification_id).to.equal('ver_elsewhere');
    expect(answer.headers.get('location')).to.equal(`${VERIFICATIONS}/ver_elsewhere`);
    await leases.release(held);
    expect((await call('POST', '', other.key)).status).to.equal(202);
  });

  it('lists the company’s latest, newest first, in cursor pages; another company’s id is 404', async () => {
    const mine = (await call('GET', '?limit=1')).body;
    expectSchema('AuditVerificationList', mine);
    const rest = (await call('GET', `?cursor=${encodeURIComponent(mine.next_cursor)}`)).body;
    const ids = [...mine.data, ...rest.data].map((row: { id: string }) => row.id);
    const startedAt = [...mine.data, ...rest.data].map((row: { started_at: string }) => row.started_at);

    expect(ids).to.have.length(2);
    expect([...startedAt].sort().reverse()).to.deep.equal(startedAt);
    expect(rest.next_cursor).to.equal(null);
    expectProblem(await call('GET', `/${ids[0]}`, other.key), 404, 'not_found');
    expectProblem(await call('GET', '/ver_unknown'), 404, 'not_found');
  });

  it('given a body, then only an empty JSON object; bad list parameters are 400; without invoices:read 403, without a key 401', async () => {
    const started = await call('POST', '', tenant.key, {});
    expect(started.status, started.text).to.equal(202);
    await completed(started.body.id);
    expectNamesField(expectProblem(await call('POST', '', tenant.key, { tenant: 'x' }), 422, 'validation_failed'), 'tenant');
    const text = await http(app.baseUrl, 'POST', VERIFICATIONS, { key: tenant.key, rawBody: 'verify', headers: { 'Content-Type': 'text/plain' } });
    expectProblem(text, 415, 'unsupported_media_type');
    expectNamesField(expectProblem(await call('GET', '?limit=0'), 400, 'validation_failed'), 'limit');
    expectNamesField(expectProblem(await call('GET', '?cursor=nope'), 400, 'validation_failed'), 'cursor');
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);
    expectProblem(await call('POST', '', writer.key), 403, 'insufficient_scope');
    expectProblem(await call('GET', '', writer.key), 403, 'insufficient_scope');
    expectProblem(await http(app.baseUrl, 'GET', VERIFICATIONS), 401, 'unauthorized');
  });
});
