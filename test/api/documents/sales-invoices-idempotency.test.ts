import { LIVE_READY, liveNumbering } from '../../support/live-numbering.ts';
import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, documentCreatedEvents, expectNamesField, expectProblem, getInvoice, newIdempotencyKey } from '../../support/api-test-helpers.ts';

function post(app: TestApp, key: string, body: unknown, idempotencyKey?: string) {
  const headers: Record<string, string> = idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey };
  return http(app.baseUrl, 'POST', BASE, { key, body, headers });
}

/** Deep copy with every object's keys in reverse order: the same content, written differently. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).reverse().map((key) => [key, reversedKeys((value as Record<string, unknown>)[key])]));
  }
  return value;
}

describe('Idempotency-Key on POST /invoices/v1/sales-invoices', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp(LIVE_READY);
    tenant = await app.createTenant();
  });
  after(() => app.close());

  it('given no Idempotency-Key, when posting, then 400 names the header and nothing is appended', async () => {
    await app.settle();
    const head = await app.container.eventStore.headPosition();

    const answer = await post(app, tenant.key, sampleInvoice());

    const problem = expectProblem(answer, 400, 'idempotency_key_required');
    expectNamesField(problem, 'Idempotency-Key');
    expect(await app.container.eventStore.headPosition()).to.equal(head);
  });

  it('given a blank Idempotency-Key, when posting, then 400 names the header', async () => {
    const answer = await post(app, tenant.key, sampleInvoice(), '   ');

    expectNamesField(expectProblem(answer, 400), 'Idempotency-Key');
  });

  it('given an Idempotency-Key of 7 characters, when posting, then a 4xx names the header and nothing is appended', async () => {
    await app.settle();
    const head = await app.container.eventStore.headPosition();

    const answer = await post(app, tenant.key, sampleInvoice(), '1234567');

    expect(answer.status).to.be.within(400, 499);
    expectNamesField(expectProblem(answer, answer.status), 'Idempotency-Key');
    expect(await app.container.eventStore.headPosition()).to.equal(head);
  });

  it('given an Idempotency-Key of exactly 8 characters, when posting, then it is accepted', async () => {
    const answer = await post(app, tenant.key, sampleInvoice(), `k${Date.now()}`.slice(0, 8).padEnd(8, 'x'));

    expect(answer.status, answer.text).to.equal(202);
  });

  it('given the same key and the same body, when posted again (after settling), then the same id and transaction_id answer and nothing is appended', async () => {
    const idempotencyKey = newIdempotencyKey();
    const first = await post(app, tenant.key, sampleInvoice(), idempotencyKey);
    expect(first.status).to.equal(202);
    await app.settle();
    const head = await app.container.eventStore.headPosition();
    const created = (await documentCreatedEvents(app)).length;

    const second = await post(app, tenant.key, sampleInvoice(), idempotencyKey);

    expect(second.status, second.text).to.equal(202);
    expect(second.body.id).to.equal(first.body.id);
    expect(second.body.transaction_id).to.equal(first.body.transaction_id);
    expect(second.body.links).to.deep.equal(first.body.links);
    await app.settle();
    expect(await app.container.eventStore.headPosition()).to.equal(head);
    expect((await documentCreatedEvents(app)).length).to.equal(created);
  });

  it('given the same key and the same content with keys in another order, when posted again, then it is a replay, not a conflict', async () => {
    const idempotencyKey = newIdempotencyKey();
    const first = await post(app, tenant.key, sampleInvoice(), idempotencyKey);

    const second = await post(app, tenant.key, reversedKeys(sampleInvoice()), idempotencyKey);

    expect(second.status, second.text).to.equal(202);
    expect(second.body.id).to.equal(first.body.id);
    expect(second.body.transaction_id).to.equal(first.body.transaction_id);
  });

  it('given a replay after validation, then the document itself is unchanged (still validated, same number)', async () => {
    const idempotencyKey = newIdempotencyKey();
    const first = await post(app, tenant.key, sampleInvoice(), idempotencyKey);
    await app.settle();
    const before = (await getInvoice(app, tenant.key, first.body.id)).body;

    await post(app, tenant.key, sampleInvoice(), idempotencyKey);
    await app.settle();

    const after = (await getInvoice(app, tenant.key, first.body.id)).body;
    expect(after.status).to.equal('validated');
    expect(after.number).to.equal(before.number);
    expect(after.cufe).to.equal(before.cufe);
  });

  it('given the same key and a different body, when posted again, then 409 idempotency conflict and nothing is appended', async () => {
    const idempotencyKey = newIdempotencyKey();
    const first = await post(app, tenant.key, sampleInvoice(), idempotencyKey);
    expect(first.status).to.equal(202);
    await app.settle();
    const head = await app.container.eventStore.headPosition();

    const answer = await post(app, tenant.key, sampleInvoice({ observation: 'otra cosa' }), idempotencyKey);

    expectProblem(answer, 409, 'idempotency_conflict');
    expect(await app.container.eventStore.headPosition()).to.equal(head);
    expect((await getInvoice(app, tenant.key, first.body.id)).body).to.not.have.property('observation');
  });

  it('given a key whose first use was refused as invalid, when used again with a valid body, then the document is created', async () => {
    const idempotencyKey = newIdempotencyKey();
    const refused = await post(app, tenant.key, { ...sampleInvoice(), items: [] }, idempotencyKey);
    expect(refused.status).to.equal(422);

    const accepted = await post(app, tenant.key, sampleInvoice(), idempotencyKey);

    expect(accepted.status, accepted.text).to.equal(202);
  });

  it('given two tenants using the same key, then each gets its own document', async () => {
    const other = await app.createTenant({ nit: '860069804' });
    const idempotencyKey = newIdempotencyKey();

    const mine = await post(app, tenant.key, sampleInvoice(), idempotencyKey);
    const theirs = await post(app, other.key, sampleInvoice({ observation: 'different content, different tenant' }), idempotencyKey);

    expect(mine.status).to.equal(202);
    expect(theirs.status, theirs.text).to.equal(202);
    expect(theirs.body.id).to.not.equal(mine.body.id);
    expect((await getInvoice(app, other.key, theirs.body.id)).body.observation).to.equal('different content, different tenant');
  });

  it('given the same key on the test and the live key of one tenant, then each environment gets its own document', async () => {
    const live = await app.createKey(tenant.tenantId, ['invoices:read', 'invoices:write'], 'live');
    await liveNumbering(app, tenant.tenantId);
    const idempotencyKey = newIdempotencyKey();

    const test = await post(app, tenant.key, sampleInvoice(), idempotencyKey);
    const production = await post(app, live.key, sampleInvoice(), idempotencyKey);

    expect(production.status, production.text).to.equal(202);
    expect(production.body.id).to.not.equal(test.body.id);
  });

  it('given 50 concurrent POSTs with one key, then exactly one document is created and all 50 answers carry its id and transaction_id', async () => {
    const idempotencyKey = newIdempotencyKey();
    const createdBefore = (await documentCreatedEvents(app)).length;

    const answers = await Promise.all(Array.from({ length: 50 }, () => post(app, tenant.key, sampleInvoice(), idempotencyKey)));

    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(50).fill(202));
    const ids = new Set(answers.map((answer) => answer.body.id));
    const transactions = new Set(answers.map((answer) => answer.body.transaction_id));
    expect(ids.size).to.equal(1);
    expect(transactions.size).to.equal(1);
    const created = await documentCreatedEvents(app);
    expect(created.length - createdBefore).to.equal(1);
    const ours = created.filter((event) => event.data.idempotencyKey === idempotencyKey);
    expect(ours).to.have.length(1);
    expect(ours[0].data.documentId).to.equal([...ids][0]);
    expect(ours[0].data.transactionId).to.equal([...transactions][0]);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === null)).to.have.length(1);
  });

  it('given 20 concurrent POSTs with one key and two different bodies, then one document is created and the others are replays or 409', async () => {
    const idempotencyKey = newIdempotencyKey();
    const createdBefore = (await documentCreatedEvents(app)).length;

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => post(app, tenant.key, sampleInvoice(index % 2 ? { observation: 'B' } : {}), idempotencyKey)),
    );

    expect((await documentCreatedEvents(app)).length - createdBefore).to.equal(1);
    const accepted = answers.filter((answer) => answer.status === 202);
    const conflicts = answers.filter((answer) => answer.status === 409);
    expect(accepted.length + conflicts.length).to.equal(20);
    expect(accepted.length).to.equal(10);
    expect(new Set(accepted.map((answer) => answer.body.id)).size).to.equal(1);
  });
});
