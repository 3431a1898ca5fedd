import { expect } from 'chai';
import { IdempotencyConflictError } from '../../../application/documents/document-errors.ts';
import { IssueDocument } from '../../../application/documents/issue-document.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { EMPTY_COMPANY_PROFILE } from '../../../domain/tenancy/company-profile.ts';
import { contextFor, FixedClock, invoiceFor, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';

describe('IssueDocument', () => {
  let stores: TempStores;
  let aggregates: AggregateStore;
  let issue: IssueDocument;
  let tenantId: string;
  let otherTenantId: string;
  const clock = new FixedClock('2024-03-01T15:30:00.000Z');

  beforeEach(async () => {
    stores = openTempStores();
    aggregates = new AggregateStore(stores.events);
    const ids = new SequentialIds();
    const register = new RegisterTenant(aggregates, clock, ids);
    tenantId = (await register.execute({ nit: '900825759-7', legalName: 'Emisor SAS', tradeName: 'Emisor' }, { actor: 'cli', correlationId: 'c' })).id;
    otherTenantId = (await register.execute({ nit: '800199436', legalName: 'Otra SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    issue = new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids);
  });

  afterEach(() => stores.dispose());

  const input = (key: string, body = invoiceFor(), context = contextFor(tenantId)) => ({ family: salesInvoiceFamily, idempotencyKey: key, body, context });

  it('given a new key, when issued, then a pending document is created with the tenant as issuer and the clock time', async () => {
    const result = await issue.execute(input('key-1'));
    expect(result.created).to.equal(true);
    expect(result.position).to.be.a('bigint');
    expect(result.document).to.include({ status: 'pending', tenantId, environment: 'test', idempotencyKey: 'key-1', createdAt: '2024-03-01T15:30:00.000Z', issueDate: '2024-03-01', issueTime: '10:30:00-05:00' });
    expect(result.document.issuer).to.deep.equal({ nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor', profile: EMPTY_COMPANY_PROFILE });
    expect(result.document.transactionId).to.match(/^00000000-0000-4000-8000-\d{12}$/);
    const stream = await stores.events.readStream(documentStreamId(salesInvoiceFamily, result.document.id));
    expect(stream.map((e) => e.type)).to.deep.equal(['DocumentCreated']);
    expect(stream[0].position).to.equal(result.position);
    expect(stream[0].metadata).to.include({ tenantId, environment: 'test', actor: 'key-1' });
  });

  it('given the same key and the same body (keys in another order), when issued again, then the same document comes back with created=false and nothing is appended', async () => {
    const first = await issue.execute(input('key-1'));
    const body = invoiceFor();
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const second = await issue.execute(input('key-1', reordered));
    expect(second.created).to.equal(false);
    expect(second.position).to.equal(null);
    expect(second.document.id).to.equal(first.document.id);
    expect(second.document.transactionId).to.equal(first.document.transactionId);
    expect(await stores.events.readStream(documentStreamId(salesInvoiceFamily, first.document.id))).to.have.length(1);
  });

  it('given the same key and another body, when issued again, then IdempotencyConflictError names the existing document', async () => {
    const first = await issue.execute(input('key-1'));
    const error = await issue.execute(input('key-1', invoiceFor('987654321'))).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(IdempotencyConflictError);
    expect((error as IdempotencyConflictError).documentId).to.equal(first.document.id);
  });

  it('given the id derivation, then different keys, environments or tenants give different documents and the same inputs the same id', async () => {
    const a = await issue.execute(input('key-1'));
    const b = await issue.execute(input('key-2'));
    const live = await issue.execute(input('key-1', invoiceFor(), contextFor(tenantId, 'live')));
    const other = await issue.execute(input('key-1', invoiceFor(), contextFor(otherTenantId)));
    const ids = [a, b, live, other].map((r) => r.document.id);
    expect(new Set(ids).size).to.equal(4);
    expect([a, b, live, other].every((r) => r.created)).to.equal(true);
    expect(other.document.issuer?.nit).to.equal('800199436');
    // same tenant, environment, family and key in a fresh store: the same id
    const fresh = openTempStores();
    try {
      const freshAggregates = new AggregateStore(fresh.events);
      const ids2 = new SequentialIds();
      await new RegisterTenant(freshAggregates, clock, { uuid: () => tenantId, token: ids2.token.bind(ids2) }).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' });
      const again = await new IssueDocument(freshAggregates, new TenantDirectory(freshAggregates), clock, ids2).execute(input('key-1'));
      expect(again.document.id).to.equal(a.document.id);
    } finally {
      await fresh.dispose();
    }
  });

  it('given many concurrent calls with one key, when issued, then exactly one document is created and all answer it', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => issue.execute(input('same-key'))));
    expect(results.filter((r) => r.created)).to.have.length(1);
    expect(new Set(results.map((r) => r.document.id)).size).to.equal(1);
    expect(await stores.events.readStream(documentStreamId(salesInvoiceFamily, results[0].document.id))).to.have.length(1);
  });

  it('given concurrent calls with one key and different bodies, when issued, then one wins and the others get IdempotencyConflictError', async () => {
    const outcomes = await Promise.allSettled([issue.execute(input('race')), issue.execute(input('race', invoiceFor('987654321')))]);
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(fulfilled).to.have.length(1);
    expect(rejected).to.have.length(1);
    expect(rejected[0].reason).to.be.instanceOf(IdempotencyConflictError);
  });

  it('given a body that breaks the rules, when issued, then DocumentValidationError and nothing is stored', async () => {
    const body = invoiceFor();
    body.items = [];
    const error = await issue.execute(input('bad', body)).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(DocumentValidationError);
    expect(await stores.events.readAll({ maxCount: 1, filter: { eventTypes: ['DocumentCreated'] } })).to.deep.equal([]);
  });

  it('given an unknown tenant, when issued, then it fails and nothing is stored', async () => {
    const error = await issue.execute(input('key-1', invoiceFor(), contextFor('no-such-tenant'))).then(() => null, (e: Error) => e);
    expect(error?.message).to.contain('no-such-tenant');
    expect(await stores.events.readAll({ maxCount: 1, filter: { eventTypes: ['DocumentCreated'] } })).to.deep.equal([]);
  });
});
