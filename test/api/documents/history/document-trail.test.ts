import { join } from 'node:path';
import { expect } from 'chai';
import { BASE, createInvoice, expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';
import { create, supportDocumentBody, UNKNOWN_ID } from '../../../support/family-test-helpers.ts';
import { http } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { Tamperer } from '../../../support/trail-tampering.ts';

const SUPPORT = '/invoices/v1/support-documents';

describe('GET {base}/{id}/trail: a document’s hash chain recomputed', function () {
  this.timeout(30_000);
  let app: TestApp;
  let tenant: TestTenant;
  let tamper: Tamperer;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    tamper = new Tamperer(join(app.config.dataDir, 'events.sqlite'));
  });
  after(() => app.close());

  const trail = (path: string, key: string | undefined = tenant.key) => http(app.baseUrl, 'GET', `${path}/trail`, { key });
  const validatedInvoice = async () => {
    const { id } = await createInvoice(app, tenant.key);
    await app.settle();
    return { id, stream: `salesInvoice-${id}` };
  };

  it('given an untouched document, then intact, every event of its stream checked, no findings', async () => {
    const { id, stream } = await validatedInvoice();

    const answer = await trail(`${BASE}/${id}`);

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('DocumentTrail', answer.body);
    expect(answer.body).to.deep.equal({ id, stream, intact: true, events_checked: 3, findings: [] });
  });

  it('given an event’s data edited in the file, then not intact, and the finding names that revision and its position', async () => {
    const { id, stream } = await validatedInvoice();
    const position = tamper.position(stream, 1);

    tamper.alterData(stream, 1, '$.attempt', '7');
    const answer = await trail(`${BASE}/${id}`);

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('DocumentTrail', answer.body);
    expect(answer.body).to.deep.include({ intact: false, events_checked: 3 });
    expect(answer.body.findings).to.deep.equal([{ revision: 1, position, kind: 'altered', detail: 'hash mismatch' }]);
  });

  it('given an edit whose hash was recomputed, then the next revision is where the chain breaks', async () => {
    const { id, stream } = await validatedInvoice();
    const position = tamper.position(stream, 2);

    tamper.alterDataAndRehash(stream, 1, '$.attempt', '7');
    const { body } = await trail(`${BASE}/${id}`);

    expect(body.intact).to.equal(false);
    expect(body.findings).to.deep.equal([{ revision: 2, position, kind: 'broken', detail: 'previous hash does not match revision 1' }]);
  });

  it('given revisions swapped, or one deleted, then reordered at both, or missing at the revision deleted', async () => {
    const swapped = await validatedInvoice();
    const deleted = await validatedInvoice();
    const [first, second] = [tamper.position(swapped.stream, 1), tamper.position(swapped.stream, 2)];
    const after = tamper.position(deleted.stream, 2);

    tamper.swapRevisions(swapped.stream, 1, 2);
    tamper.delete(deleted.stream, 1);
    const reordered = (await trail(`${BASE}/${swapped.id}`)).body;
    const missing = (await trail(`${BASE}/${deleted.id}`)).body;

    expect(reordered.findings).to.deep.equal([
      { revision: 2, position: first, kind: 'reordered', detail: 'written as revision 1' },
      { revision: 1, position: second, kind: 'reordered', detail: 'written as revision 2' },
    ]);
    expect([missing.intact, missing.events_checked]).to.deep.equal([false, 2]);
    expect(missing.findings).to.deep.equal([{ revision: 1, position: null, kind: 'missing', detail: `no such event; after position ${tamper.position(deleted.stream, 0)}, before position ${after}` }]);
  });

  it('answers for every family under its own path (a support document here)', async () => {
    const { id } = await create(app, 'support-document', tenant.key, supportDocumentBody());
    await app.settle();

    const answer = await trail(`${SUPPORT}/${id}`);

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body).to.deep.include({ id, stream: `supportDocument-${id}`, intact: true, events_checked: 3 });
  });

  it('given another company’s document, an unknown id, another family’s path, a bad id or a key without invoices:read, then 404, 404, 404, 422 and 403', async () => {
    const { id } = await validatedInvoice();
    const other = await app.createTenant({ nit: '800197268' });
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);

    expectProblem(await trail(`${BASE}/${id}`, other.key), 404, 'not_found');
    expectProblem(await trail(`${BASE}/${UNKNOWN_ID}`), 404, 'not_found');
    expectProblem(await trail(`${SUPPORT}/${id}`), 404, 'not_found');
    expectProblem(await trail(`${BASE}/not-a-uuid`), 422, 'validation_failed');
    expectProblem(await trail(`${BASE}/${id}`, writer.key), 403, 'insufficient_scope');
  });
});
