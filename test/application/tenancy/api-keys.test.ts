import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { ArrivalGathering } from '../../../application/event-sourcing/arrival-gathering.ts';
import { hashApiKey, parseApiKey } from '../../../application/tenancy/api-key-format.ts';
import { ApiKeyExpiredError } from '../../../application/tenancy/api-key-expired-error.ts';
import { ApiKeys } from '../../../application/tenancy/api-keys.ts';
import { listApiKeys } from '../../../application/tenancy/list-api-keys.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';

describe('ApiKeys', () => {
  let stores: TempStores;
  let keys: ApiKeys;
  let tenantId: string;
  const clock = new FixedClock('2024-03-01T15:30:00.000Z');
  const operator = { actor: 'cli', correlationId: 'c' };

  beforeEach(async () => {
    stores = openTempStores();
    const aggregates = new AggregateStore(stores.events);
    const ids = new SequentialIds();
    tenantId = (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759', legalName: 'Emisor SAS' }, operator)).id;
    keys = new ApiKeys(aggregates, new TenantDirectory(aggregates), clock, ids);
  });

  afterEach(() => stores.dispose());

  const issue = (environment: 'test' | 'live' = 'test') =>
    keys.issue({ tenantId, environment, scopes: ['invoices:read', 'invoices:read'] }, { ...operator, tenantId, environment });

  it('given a tenant, when a key is issued, then the key carries the environment prefix and only its hash is stored', async () => {
    const issued = await issue();
    expect(issued.key).to.match(/^fe_test_[A-Za-z0-9]{44}$/);
    expect(parseApiKey(issued.key)).to.deep.equal({ environment: 'test', keyId: issued.state.keyId });
    expect(issued.state).to.include({ tenantId, environment: 'test', hash: hashApiKey(issued.key), createdAt: '2024-03-01T15:30:00.000Z', name: 'test key' });
    expect(issued.state.scopes).to.deep.equal(['invoices:read']);
    const [event] = await stores.events.readStream(`apiKey-${issued.state.keyId}`);
    expect(JSON.stringify(event.data)).to.not.contain(issued.key.slice(-32));
  });

  it('given an issued key, when presented, then it authenticates to its tenant, environment and scopes', async () => {
    const issued = await issue('live');
    expect(await keys.authenticate(issued.key)).to.deep.equal({ keyId: issued.state.keyId, tenantId, environment: 'live', scopes: ['invoices:read'] });
  });

  it('given a key with an expiry, when presented from that instant, then ApiKeyExpiredError names the key and the instant; a wrong secret for it stays unknown', async () => {
    const later = new FixedClock('2024-03-01T15:30:00.000Z');
    const aggregates = new AggregateStore(stores.events);
    const expiring = new ApiKeys(aggregates, new TenantDirectory(aggregates), later, new SequentialIds());
    const issued = await expiring.issue({ tenantId, environment: 'test', scopes: ['invoices:read'], expiresAt: new Date('2024-03-31T05:00:00.000Z') }, { ...operator, tenantId, environment: 'test' });
    later.advance(29 * 86_400_000 + 13.5 * 3_600_000 - 1);
    expect(await expiring.authenticate(issued.key)).to.deep.include({ keyId: issued.state.keyId });

    later.advance(1);
    let refused: unknown;
    await expiring.authenticate(issued.key).catch((error: unknown) => (refused = error));

    expect(refused).to.be.instanceOf(ApiKeyExpiredError);
    expect((refused as Error).message).to.equal(`the API key ${issued.state.keyId} expired at 2024-03-31T05:00:00.000Z; ask the operator for a new one`);
    const forged = `${issued.key.slice(0, -4)}${issued.key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect(await expiring.authenticate(forged)).to.equal(null);
  });

  it('given a key, when rotated with days of grace, then a new key like it works at once and the old one until the grace ends (never later than its own expiry); with no grace it is revoked', async () => {
    const rotating = new FixedClock('2024-03-01T15:30:00.000Z');
    const aggregates = new AggregateStore(stores.events);
    const keysAt = new ApiKeys(aggregates, new TenantDirectory(aggregates), rotating, new SequentialIds());
    const context = { ...operator, tenantId, environment: 'live' as const };
    const old = await keysAt.issue({ tenantId, environment: 'live', scopes: ['invoices:read', 'invoices:write'], name: 'erp' }, context);

    const rotated = (await keysAt.rotate(old.state.keyId, { graceMs: 7 * 86_400_000 }, operator))!;

    expect(rotated.issued.state).to.deep.include({ tenantId, environment: 'live', scopes: ['invoices:read', 'invoices:write'], name: 'erp', expiresAt: null });
    expect(rotated.replaced.expiresAt).to.equal('2024-03-08T15:30:00.000Z');
    expect(await keysAt.authenticate(rotated.issued.key)).to.deep.include({ keyId: rotated.issued.state.keyId });
    rotating.advance(7 * 86_400_000 - 1);
    expect(await keysAt.authenticate(old.key)).to.deep.include({ keyId: old.state.keyId });
    rotating.advance(1);
    expect(await keysAt.authenticate(old.key).catch((error: unknown) => error)).to.be.instanceOf(ApiKeyExpiredError);

    const soon = await keysAt.issue({ tenantId, environment: 'live', scopes: ['invoices:read'], expiresAt: new Date(rotating.now().getTime() + 86_400_000) }, context);
    expect((await keysAt.rotate(soon.state.keyId, { graceMs: 7 * 86_400_000 }, operator))!.replaced.expiresAt, 'not later than its own').to.equal(soon.state.expiresAt);
    const now = await keysAt.rotate(rotated.issued.state.keyId, { graceMs: 0 }, operator);
    expect(now!.replaced.revokedAt).to.equal(rotating.now().toISOString());
    expect(await keysAt.authenticate(rotated.issued.key)).to.equal(null);
    expect(await keysAt.rotate('no-such-key', { graceMs: 0 }, operator)).to.equal(null);
    expect(await keysAt.rotate(rotated.issued.state.keyId, { graceMs: 0 }, operator).catch((error: unknown) => (error as Error).message)).to.contain('is revoked');
  });

  it('given its arrival gathering, when requests read at once authenticate, then their key lookup waits for it and is made once for them', async () => {
    const issued = await issue();
    const aggregates = new AggregateStore(stores.events);
    const deferred: Array<() => void> = [];
    let lookups = 0;
    const counted = Object.assign(Object.create(aggregates), { revision: (streamId: string) => (lookups++, aggregates.revision(streamId)) });
    const arrivals = new ArrivalGathering({ setImmediate: (run) => deferred.push(run) });
    const gathered = new ApiKeys(counted, new TenantDirectory(aggregates), clock, new SequentialIds(), arrivals);
    const since = performance.now();

    const answers = Promise.all([gathered.authenticate(issued.key, since), gathered.authenticate(issued.key, since)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lookups, 'nothing looked up before the deferral runs').to.equal(0);
    expect(deferred).to.have.length(1);
    deferred[0]();

    expect((await answers).map((principal) => principal?.keyId)).to.deep.equal([issued.state.keyId, issued.state.keyId]);
    expect(lookups).to.equal(1);
  });

  it('given a key with a changed secret, another environment prefix, or garbage, when presented, then null', async () => {
    const issued = await issue();
    const last = issued.key.at(-1) === 'a' ? 'b' : 'a';
    expect(await keys.authenticate(issued.key.slice(0, -1) + last)).to.equal(null);
    expect(await keys.authenticate(issued.key.replace('fe_test_', 'fe_live_'))).to.equal(null);
    expect(await keys.authenticate('Bearer nonsense')).to.equal(null);
  });

  it('given a revoked key, when presented, then null; revoking an unknown key answers null', async () => {
    const issued = await issue();
    const revoked = await keys.revoke(issued.state.keyId, operator);
    expect(revoked?.revokedAt).to.equal('2024-03-01T15:30:00.000Z');
    expect(await keys.authenticate(issued.key)).to.equal(null);
    expect(await keys.revoke('unknown', operator)).to.equal(null);
  });

  it('given a key this instance authenticated before, when another store instance (another process) revokes it, then the next authentication is null', async () => {
    const issued = await issue();
    expect(await keys.authenticate(issued.key)).to.not.equal(null);
    expect(await keys.authenticate(issued.key)).to.not.equal(null);
    const elsewhere = new AggregateStore(stores.reopen().events);
    const otherProcess = new ApiKeys(elsewhere, new TenantDirectory(elsewhere), clock, new SequentialIds());

    await otherProcess.revoke(issued.state.keyId, operator);

    expect(await keys.authenticate(issued.key)).to.equal(null);
    expect((await keys.find(issued.state.keyId))?.revokedAt).to.equal('2024-03-01T15:30:00.000Z');
  });

  it('given a key id this instance found unknown, when another store instance issues that key, then it authenticates', async () => {
    const elsewhere = new AggregateStore(stores.reopen().events);
    const otherProcess = new ApiKeys(elsewhere, new TenantDirectory(elsewhere), clock, { uuid: () => 'u', token: (length) => 'Q'.repeat(length) });
    expect(await keys.find('Q'.repeat(12))).to.equal(null);

    const issued = await otherProcess.issue({ tenantId, environment: 'test', scopes: ['invoices:write'] }, { ...operator, tenantId, environment: 'test' });

    expect(issued.state.keyId).to.equal('Q'.repeat(12));
    expect(await keys.authenticate(issued.key)).to.deep.equal({ keyId: issued.state.keyId, tenantId, environment: 'test', scopes: ['invoices:write'] });
  });

  it('given an unknown tenant, when a key is issued, then it fails', async () => {
    const error = await keys.issue({ tenantId: 'nope', environment: 'test', scopes: ['invoices:read'] }, { ...operator, tenantId: 'nope', environment: 'test' }).then(() => null, (e: Error) => e);
    expect(error?.message).to.contain('nope');
  });

  it('given keys of two tenants, when listed for one, then only its keys', async () => {
    const mine = await issue();
    const other = (await new RegisterTenant(new AggregateStore(stores.events), clock, { uuid: () => 'other-tenant', token: () => 'x' }).execute({ nit: '800199436', legalName: 'Otra' }, operator)).id;
    await keys.issue({ tenantId: other, environment: 'test', scopes: ['invoices:write'] }, { ...operator, tenantId: other, environment: 'test' });
    const listed = await listApiKeys(stores.events, tenantId);
    expect(listed.map((k) => k.keyId)).to.deep.equal([mine.state.keyId]);
  });
});
