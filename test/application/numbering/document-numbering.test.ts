import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import type { EventStore } from '../../../application/ports/event-store.ts';
import type { Assignment } from '../../../application/numbering/document-numbering.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import { initialDocumentState, type DocumentState } from '../../../domain/documents/document-state.ts';
import type { ResolutionInput } from '../../../domain/numbering/numbering-resolution.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import { NumberingModule } from '../../../infrastructure/composition/numbering-module.ts';
import { AesGcmCipher } from '../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';
import { readCounting } from '../../support/read-counting-event-store.ts';

const CONTEXT = { actor: 'test', correlationId: 'test' };
const TODAY = '2026-03-01';

describe('document numbering from the company resolutions', () => {
  let stores: TempStores;
  let clock: FixedClock;
  let tenantId: string;
  const moduleOf = (events: EventStore = stores.events) => new NumberingModule({ eventStore: events, clock, ids: new SequentialIds(), secrets: new AesGcmCipher(Buffer.alloc(32, 3)) });
  let numbering: NumberingModule;

  beforeEach(async () => {
    stores = openTempStores();
    clock = new FixedClock(`${TODAY}T15:00:00.000Z`);
    numbering = moduleOf();
    tenantId = (await new RegisterTenant(new AggregateStore(stores.events), clock, new SequentialIds()).execute({ nit: '900825759', legalName: 'Emisor SAS' }, CONTEXT)).id;
  });
  afterEach(() => stores.dispose());

  const add = (overrides: Partial<ResolutionInput> = {}) =>
    numbering.catalog.register(tenantId, {
      environment: 'test',
      family: 'sales-invoice',
      prefix: 'FEB',
      from: 1,
      to: 3,
      number: '18764000001',
      validFrom: '2026-01-01',
      validTo: '2027-12-31',
      technicalKey: 'abc123',
      ...overrides,
    });
  const scope = (environment = 'test', family: DocumentFamilyName = 'sales-invoice') => ({ tenantId, environment, family });
  const reserve = (id: string, prefix?: string, environment = 'test', on = numbering, issueDate = TODAY) => on.numbering.reserve(scope(environment), id, prefix, issueDate);
  const documentOf = (id: string, environment = 'test', issueDate = TODAY): DocumentState => ({ ...initialDocumentState(), id, family: 'sales-invoice', tenantId, environment, issueDate });
  const numberOf = async (id: string, on = numbering) => {
    const assignment: Assignment = await on.numbering.assign(documentOf(id));
    return 'number' in assignment ? assignment.number : assignment;
  };
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(() => null, (e: unknown) => e);
    expect(error, 'expected a refusal').to.be.instanceOf(DomainError);
    return error as DomainError;
  };

  it('given FEB1–FEB3, when three documents reserve and are validated, then they are FEB1, FEB2, FEB3 in validation order, and a fourth is refused as exhausted', async () => {
    await add();
    for (const id of ['a', 'b', 'c']) await reserve(id);
    expect([await numberOf('b'), await numberOf('a'), await numberOf('c')]).to.deep.equal(['FEB1', 'FEB2', 'FEB3']);
    const error = await refusal(reserve('d'));
    expect(error.code).to.equal('numbering_unavailable');
    expect(error.details).to.deep.include({ family: 'sales-invoice', environment: 'test', reason: 'exhausted' });
    expect(error.message).to.contain('FEB (resolution 18764000001) has no numbers left');
  });

  it('given a rejected document, when it releases its reservation, then it consumes no number and the next one is FEB1', async () => {
    await add();
    for (const id of ['a', 'b', 'c']) await reserve(id);
    await numbering.numbering.release(documentOf('a'), 'rejected');
    await reserve('d');
    expect(await numberOf('d')).to.equal('FEB1');
  });

  it('given four concurrent reservations on a 3-number range from two instances (two processes), then exactly three are accepted', async () => {
    await add();
    const other = moduleOf(stores.reopen().events);
    const results = await Promise.allSettled(['a', 'b', 'c', 'd'].map((id, i) => reserve(id, undefined, 'test', i % 2 ? other : numbering)));
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(3);
    const [rejected] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect((rejected.reason as DomainError).code).to.equal('numbering_unavailable');
  });

  it('given a catalog this instance already read, when another instance (another process) registers or retires a resolution, then the next reservation here sees it', async () => {
    await add({ prefix: 'FE', from: 1, to: 100 });
    expect((await reserve('a')).prefix).to.equal('FE');
    const otherIds = { uuid: () => '00000000-0000-4000-8000-0000000000ff', token: (length: number) => 'T'.repeat(length) };
    const other = new NumberingModule({ eventStore: stores.reopen().events, clock, ids: otherIds, secrets: new AesGcmCipher(Buffer.alloc(32, 3)) });

    const feb = await other.catalog.register(tenantId, { environment: 'test', family: 'sales-invoice', prefix: 'FEB', from: 1, to: 100, number: '18764000002', validFrom: '2026-01-01', validTo: '2027-12-31', technicalKey: 'k' });
    expect((await reserve('b', 'FEB')).id).to.equal(feb.id);

    const fe = (await numbering.catalog.candidates(tenantId, 'test', 'sales-invoice')).find((resolution) => resolution.prefix === 'FE');
    await other.catalog.retire(fe!.id);
    expect((await reserve('c')).prefix).to.equal('FEB');
    expect((await refusal(reserve('d', 'FE'))).details.reason).to.equal('unknown_prefix');
  });

  it('given an issue date outside the validity, then it is refused as not_yet_valid or expired', async () => {
    await add({ validFrom: '2026-06-01' });
    expect((await refusal(reserve('a'))).details.reason).to.equal('not_yet_valid');
    await add({ prefix: 'OLD', validFrom: '2025-01-01', validTo: '2025-12-31' });
    expect((await refusal(reserve('b', 'OLD'))).details.reason).to.equal('expired');
  });

  it('given two active resolutions, then the body prefix chooses one, no prefix takes the oldest, and an unknown prefix is refused', async () => {
    await add({ prefix: 'FE', from: 1, to: 100 });
    await add({ prefix: 'FEB', from: 1, to: 100 });
    expect((await reserve('a', 'FEB')).prefix).to.equal('FEB');
    expect((await reserve('b')).prefix).to.equal('FE');
    expect(await numberOf('a')).to.equal('FEB1');
    const error = await refusal(reserve('c', 'XYZ'));
    expect(error.details).to.include({ reason: 'unknown_prefix', prefix: 'XYZ' });
  });

  it('given the oldest resolution exhausted, then the next one numbers; once it is retired, no new document uses it', async () => {
    const first = await add({ prefix: 'FE', from: 1, to: 1 });
    await add({ prefix: 'FEB', from: 1, to: 5 });
    expect((await reserve('a')).prefix).to.equal('FE');
    expect((await reserve('b')).prefix).to.equal('FEB');
    await add({ prefix: 'FEC', from: 1, to: 5 });
    await numbering.catalog.retire((await numbering.catalog.of(tenantId)).find((r) => r.prefix === 'FEB')!.id);
    expect((await reserve('c')).prefix).to.equal('FEC');
    expect(first.id).to.be.a('string');
    expect(await numberOf('b'), 'a document accepted before the retirement keeps its resolution').to.equal('FEB1');
  });

  it('given no resolution in the test environment, then DIAN habilitación numbers (SETP990000000…); once one is registered, it numbers instead', async () => {
    expect((await reserve('a')).id).to.equal('habilitacion-sales-invoice');
    expect(await numberOf('a')).to.equal('SETP990000000');
    await add();
    await reserve('b');
    expect(await numberOf('b')).to.equal('FEB1');
  });

  it('given the live environment with no resolution, then numbering_unavailable none_registered; without software, software_not_registered', async () => {
    expect((await refusal(reserve('a', undefined, 'live'))).details.reason).to.equal('software_not_registered');
    await numbering.software.set(tenantId, { environment: 'live', softwareId: 'soft-live', pin: '777' }, CONTEXT);
    const error = await refusal(reserve('a', undefined, 'live'));
    expect(error.details.reason).to.equal('none_registered');
    expect(error.message).to.contain('no numbering resolution is registered for sales-invoice in live');
  });

  it('given a validated number, then the assignment carries the resolution and the company software with its PIN opened', async () => {
    await add();
    await numbering.software.set(tenantId, { environment: 'test', softwareId: 'soft-test', pin: '4242', testSetId: 'set-1' }, CONTEXT);
    await reserve('a');
    const assignment = await numbering.numbering.assign(documentOf('a'));
    if (!('number' in assignment)) expect.fail(`expected a number, got ${JSON.stringify(assignment)}`);
    expect(assignment.software).to.deep.equal({ id: 'soft-test', pin: '4242' });
    expect(assignment.resolution).to.include({ prefix: 'FEB', technicalKey: 'abc123', number: '18764000001' });
  });

  it('given ten documents looked up in one turn, then the catalog and the software identity are each checked once for all of them, as fresh as at the call', async () => {
    await add({ to: 10 });
    await numbering.software.set(tenantId, { environment: 'test', softwareId: 'soft-test', pin: '4242', testSetId: 'set-1' }, CONTEXT);
    const { store: counted, reads } = readCounting(stores.events);
    const counting = moduleOf(counted);
    const ids = Array.from({ length: 10 }, (_, i) => `doc-${i}`);
    for (const id of ids) await reserve(id, undefined, 'test', counting);
    reads.revisions.length = 0;

    const looked = await Promise.all(ids.map((id) => counting.numbering.lookUp(documentOf(id))));

    expect(looked.map((lookup) => ('prefix' in lookup.resolution ? lookup.resolution.prefix : 'none'))).to.deep.equal(ids.map(() => 'FEB'));
    expect(looked.map((lookup) => lookup.software?.id)).to.deep.equal(ids.map(() => 'soft-test'));
    expect(reads.revisions).to.have.length(2);
    expect(new Set(reads.revisions).size).to.equal(2);
    // A look-up asked after a change sees it: the one check runs after the call.
    await numbering.software.set(tenantId, { environment: 'test', softwareId: 'soft-new', pin: '1' }, CONTEXT);
    expect((await counting.numbering.lookUp(documentOf('doc-0'))).software?.id).to.equal('soft-new');
  });

  it('given a software identity this instance already read, when another instance (another process) changes it, then the next read here sees the change', async () => {
    await numbering.software.set(tenantId, { environment: 'live', softwareId: 'soft-1', pin: '111' }, CONTEXT);
    expect(await numbering.numbering.reserve(scope('live'), 'x', undefined, TODAY).catch((error: DomainError) => error.details.reason)).to.equal('none_registered');
    expect(await numbering.software.keysFor(tenantId, 'live')).to.deep.equal({ id: 'soft-1', pin: '111' });
    const other = moduleOf(stores.reopen().events);

    await other.software.set(tenantId, { environment: 'live', softwareId: 'soft-2', pin: '222' }, CONTEXT);

    expect(await numbering.software.keysFor(tenantId, 'live')).to.deep.equal({ id: 'soft-2', pin: '222' });
    expect((await numbering.software.view(tenantId, 'live'))?.softwareId).to.equal('soft-2');
  });

  it('given a full range holding a reservation whose document was never created, then after 60 s it is reclaimed for a new document', async () => {
    await add({ to: 1 });
    await reserve('ghost');
    expect((await refusal(reserve('a'))).details.reason).to.equal('exhausted');
    clock.advance(60_000);
    await reserve('a');
    expect(await numberOf('a')).to.equal('FEB1');
  });

  it('given the sandbox range stream written before this change, then its numbers are kept and numbering continues after them', async () => {
    const stream = `sandboxRange-${tenantId}.test.sales-invoice`;
    await stores.events.append(stream, [{ type: 'SandboxNumberAssigned', data: { documentId: 'old', number: 'SETP990000000', consecutive: 990000000 }, metadata: {} }], 'no_stream');
    expect(await numberOf('old')).to.equal('SETP990000000');
    await reserve('new');
    expect(await numberOf('new')).to.equal('SETP990000001');
  });
});
