import { LIVE_READY, liveNumbering } from '../../support/live-numbering.ts';
import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, createInvoice, expectProblem, getInvoice, listInvoices, newIdempotencyKey, postInvoice, streamOf } from '../../support/api-test-helpers.ts';

const context = (tenantId: string) => ({ tenantId, environment: 'test', actor: 'test', correlationId: 'auth-test' });

describe('Authentication and permissions on the sales-invoice operations', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let documentId: string;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant({ nit: '900825759' });
    documentId = (await createInvoice(app, tenant.key)).id;
    await app.settle();
  });
  after(() => app.close());

  /** Every operation of the slice, to check the credential rules hold on each. */
  const operations = () => [
    { name: 'POST', send: (headers: Record<string, string>) => http(app.baseUrl, 'POST', BASE, { body: sampleInvoice(), headers: { 'Idempotency-Key': newIdempotencyKey(), ...headers } }) },
    { name: 'GET list', send: (headers: Record<string, string>) => http(app.baseUrl, 'GET', BASE, { headers }) },
    { name: 'GET id', send: (headers: Record<string, string>) => http(app.baseUrl, 'GET', `${BASE}/${documentId}`, { headers }) },
    { name: 'DELETE', send: (headers: Record<string, string>) => http(app.baseUrl, 'DELETE', `${BASE}/${documentId}`, { headers }) },
  ];

  describe('401 for a missing or invalid credential', () => {
    const malformed: Array<[string, Record<string, string>]> = [
      ['no Authorization header', {}],
      ['an empty Authorization header', { Authorization: '' }],
      ['the Basic scheme', { Authorization: 'Basic dXNlcjpwYXNz' }],
      ['Bearer without a key', { Authorization: 'Bearer' }],
      ['a key that is not of the fe_<env>_ format', { Authorization: 'Bearer not-a-key' }],
      ['two tokens after Bearer', { Authorization: 'Bearer fe_test_aaa bbb' }],
    ];
    for (const [description, headers] of malformed) {
      it(`given ${description}, then every operation answers a 401 problem`, async () => {
        for (const operation of operations()) {
          const answer = await operation.send(headers);
          expectProblem(answer, 401, 'unauthorized');
          expect(answer.headers.get('www-authenticate'), operation.name).to.match(/^Bearer/);
        }
      });
    }

    it('given a well-formed but unknown key, then every operation answers 401', async () => {
      const unknown = `fe_test_${'A'.repeat(12)}${'b'.repeat(32)}`;
      for (const operation of operations()) {
        expectProblem(await operation.send({ Authorization: `Bearer ${unknown}` }), 401, 'unauthorized');
      }
    });

    it('given a real key with a changed secret, then 401', async () => {
      const tampered = tenant.key.slice(0, -1) + (tenant.key.endsWith('a') ? 'b' : 'a');
      expectProblem(await getInvoice(app, tampered, documentId), 401, 'unauthorized');
    });

    it('given a test key rewritten with the live prefix, then 401 (the environment is bound to the key)', async () => {
      const rewritten = tenant.key.replace(/^fe_test_/, 'fe_live_');
      expectProblem(await getInvoice(app, rewritten, documentId), 401, 'unauthorized');
      expectProblem(await listInvoices(app, rewritten), 401, 'unauthorized');
    });

    it('given a revoked key, then every operation answers 401 while another key of the tenant still works', async () => {
      const doomed = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write']);
      expect((await getInvoice(app, doomed.key, documentId)).status).to.equal(200);

      await app.container.apiKeys.revoke(doomed.keyId, context(tenant.tenantId));

      for (const operation of operations()) {
        expectProblem(await operation.send({ Authorization: `Bearer ${doomed.key}` }), 401, 'unauthorized');
      }
      expect((await getInvoice(app, tenant.key, documentId)).status).to.equal(200);
    });

    it('given a request, then its key and its company’s resolutions are looked up as of when it was read, and that moment is not recorded in its events', async () => {
      const asked: Array<{ what: string; since: number | undefined }> = [];
      const { apiKeys } = app.container;
      const { catalog } = app.container.numbering;
      const authenticate = apiKeys.authenticate.bind(apiKeys);
      const candidateLists = catalog.candidateLists.bind(catalog);
      apiKeys.authenticate = (presented, since) => (asked.push({ what: 'key', since }), authenticate(presented, since));
      catalog.candidateLists = (tenantId, environment, family, since) => (asked.push({ what: 'resolutions', since }), candidateLists(tenantId, environment, family, since));
      try {
        const before = performance.now();
        const accepted = await postInvoice(app, tenant.key, sampleInvoice());
        const after = performance.now();
        expect(accepted.status).to.equal(202);
        expect(asked.map(({ what }) => what)).to.deep.equal(['key', 'resolutions']);
        for (const { since } of asked) expect(since).to.be.a('number').within(before, after);
        expect(asked[0].since).to.equal(asked[1].since);
        const [created] = await streamOf(app, accepted.body.id);
        expect(Object.keys(created.metadata)).to.not.include('receivedAt');
      } finally {
        apiKeys.authenticate = authenticate;
        catalog.candidateLists = candidateLists;
      }
    });

    it('given requests read after a key was revoked, then each is refused, however recently the key was looked up for the requests before', async () => {
      const doomed = await app.createKey(tenant.tenantId, ['invoices:read']);
      const reads = await Promise.all(Array.from({ length: 5 }, () => getInvoice(app, doomed.key, documentId)));
      expect(reads.map((answer) => answer.status)).to.deep.equal([200, 200, 200, 200, 200]);

      await app.container.apiKeys.revoke(doomed.keyId, context(tenant.tenantId));

      const after = await Promise.all(Array.from({ length: 5 }, () => getInvoice(app, doomed.key, documentId)));
      expect(after.map((answer) => answer.status)).to.deep.equal([401, 401, 401, 401, 401]);
    });

    it('given the Bearer scheme written in lower case, then the key is accepted', async () => {
      const answer = await http(app.baseUrl, 'GET', `${BASE}/${documentId}`, { headers: { Authorization: `bearer ${tenant.key}` } });
      expect(answer.status).to.equal(200);
    });

    // Spec: every operation is protected and a missing credential answers 401. The credential is checked before
    // the body is read, so an anonymous caller cannot make the service parse (up to 1 MiB of) JSON.
    it('given no credential and a malformed JSON body, then 401 (not 400): the credential is checked first', async () => {
      const answer = await http(app.baseUrl, 'POST', BASE, { rawBody: '{"customer": {', headers: { 'Idempotency-Key': newIdempotencyKey() } });

      expectProblem(answer, 401, 'unauthorized');
    });

    it('given no credential and a body over 1 MiB, then 401 (not 413): the credential is checked first', async () => {
      const body = sampleInvoice({ observation: 'x'.repeat(1_100_000) });

      const answer = await http(app.baseUrl, 'POST', BASE, { body, headers: { 'Idempotency-Key': newIdempotencyKey() } });

      expectProblem(answer, 401, 'unauthorized');
    });

    it('given no credential and a non-JSON content type, then 401 (not 415)', async () => {
      const answer = await http(app.baseUrl, 'POST', BASE, { rawBody: 'x', headers: { 'Idempotency-Key': newIdempotencyKey(), 'Content-Type': 'text/plain' } });

      expectProblem(answer, 401, 'unauthorized');
    });

    it('given a 401 on POST, then nothing is appended to the event store', async () => {
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      expectProblem(await postInvoice(app, undefined), 401);

      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });
  });

  describe('403 for a key that lacks the permission', () => {
    it('given a key with only invoices:read, when it posts, then 403 names invoices:write and nothing is appended', async () => {
      const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      const problem = expectProblem(await postInvoice(app, reader.key), 403, 'insufficient_scope');

      expect(JSON.stringify(problem)).to.contain('invoices:write');
      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });

    it('given a key with only invoices:read, when it deletes, then 403 and the document is untouched', async () => {
      const pendingApp = await startTestApp({}, { workers: false });
      try {
        const owner = await pendingApp.createTenant();
        const reader = await pendingApp.createKey(owner.tenantId, ['invoices:read']);
        const accepted = await createInvoice(pendingApp, owner.key);

        const answer = await http(pendingApp.baseUrl, 'DELETE', `${BASE}/${accepted.id}`, { key: reader.key });

        const problem = expectProblem(answer, 403, 'insufficient_scope');
        expect(JSON.stringify(problem)).to.contain('invoices:write');
        expect((await getInvoice(pendingApp, owner.key, accepted.id)).body.status).to.equal('pending');
      } finally {
        await pendingApp.close();
      }
    });

    it('given a key with only invoices:read, then it can read the list and a document', async () => {
      const reader = await app.createKey(tenant.tenantId, ['invoices:read']);

      expect((await getInvoice(app, reader.key, documentId)).status).to.equal(200);
      expect((await listInvoices(app, reader.key)).status).to.equal(200);
    });

    it('given a key with only invoices:write, when it reads a document or the list, then 403 names invoices:read', async () => {
      const writer = await app.createKey(tenant.tenantId, ['invoices:write']);

      const byId = expectProblem(await getInvoice(app, writer.key, documentId), 403, 'insufficient_scope');
      const list = expectProblem(await listInvoices(app, writer.key), 403, 'insufficient_scope');

      expect(JSON.stringify(byId)).to.contain('invoices:read');
      expect(JSON.stringify(list)).to.contain('invoices:read');
    });

    it('given a key with only invoices:write, then it can still issue', async () => {
      const writer = await app.createKey(tenant.tenantId, ['invoices:write']);

      expect((await postInvoice(app, writer.key)).status).to.equal(202);
    });
  });

  describe('tenant and environment isolation', () => {
    it('given another tenant’s document id, when read, then 404 (not 403) — the same as an id that does not exist', async () => {
      const other = await app.createTenant({ nit: '860069804' });

      const foreign = expectProblem(await getInvoice(app, other.key, documentId), 404, 'not_found');
      const missing = expectProblem(await getInvoice(app, other.key, '00000000-0000-4000-8000-000000000000'), 404, 'not_found');

      expect(foreign.title).to.equal(missing.title);
    });

    it('given another tenant’s document id, when deleted, then 404 and the owner still sees it unchanged', async () => {
      const other = await app.createTenant({ nit: '860069804' });
      const before = (await getInvoice(app, tenant.key, documentId)).body;

      const answer = await http(app.baseUrl, 'DELETE', `${BASE}/${documentId}`, { key: other.key });

      expectProblem(answer, 404, 'not_found');
      expect((await getInvoice(app, tenant.key, documentId)).body).to.deep.equal(before);
    });

    it('given another tenant, then its list never contains this tenant’s documents', async () => {
      const other = await app.createTenant({ nit: '860069804' });
      await createInvoice(app, other.key);
      await app.settle();

      const theirs = await listInvoices(app, other.key, 'per_page=100');
      const mine = await listInvoices(app, tenant.key, 'per_page=100');

      expect(theirs.body.pagination.total).to.equal(1);
      expect(theirs.body.data.map((row: { id: string }) => row.id)).to.not.include(documentId);
      expect(mine.body.data.map((row: { id: string }) => row.id)).to.include(documentId);
      expect(mine.body.data.map((row: { id: string }) => row.id)).to.not.include(theirs.body.data[0].id);
    });

    it('given a live key of the same tenant, then test documents are not found by id, not listed and not deletable', async () => {
      const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');

      expectProblem(await getInvoice(app, live.key, documentId), 404, 'not_found');
      expectProblem(await http(app.baseUrl, 'DELETE', `${BASE}/${documentId}`, { key: live.key }), 404, 'not_found');
      const list = await listInvoices(app, live.key, 'per_page=100');
      expect(list.status).to.equal(200);
      expect(list.body.data.map((row: { id: string }) => row.id)).to.not.include(documentId);
    });

    it('given a live document, then a test key of the same tenant neither finds nor lists it', async () => {
      const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await liveNumbering(app, tenant.tenantId);
      const liveDocument = await createInvoice(app, live.key);
      await app.settle();

      expectProblem(await getInvoice(app, tenant.key, liveDocument.id), 404, 'not_found');
      const testList = await listInvoices(app, tenant.key, 'per_page=100');
      expect(testList.body.data.map((row: { id: string }) => row.id)).to.not.include(liveDocument.id);
      const liveList = await listInvoices(app, live.key, 'per_page=100');
      expect(liveList.body.data.map((row: { id: string }) => row.id)).to.include(liveDocument.id);
      expect(liveList.body.data.every((row: { id: string }) => row.id !== documentId)).to.equal(true);
    });
  });
});
