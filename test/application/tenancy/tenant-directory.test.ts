import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import type { EventStore } from '../../../application/ports/event-store.ts';
import { CompanyLogos } from '../../../application/tenancy/company-logos.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { UpdateCompanyProfile } from '../../../application/tenancy/update-company-profile.ts';
import { FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';
import { pngLogo } from '../../support/logo-images.ts';

/** Counts the stream reads that reach the store. */
function counting(store: EventStore): { store: EventStore; reads: () => number } {
  let reads = 0;
  const counted = Object.create(store) as EventStore;
  counted.readStream = (streamId) => {
    reads += 1;
    return store.readStream(streamId);
  };
  return { store: counted, reads: () => reads };
}

describe('TenantDirectory: tenants change, so each process re-reads them after a few seconds', () => {
  let stores: TempStores;
  let tenantId: string;
  const clock = new FixedClock('2026-03-01T15:30:00.000Z');
  const operator = { actor: 'cli', correlationId: 'c' };
  let now = 0;
  /** Another process: its own directory over the same store. */
  let elsewhere: UpdateCompanyProfile;

  beforeEach(async () => {
    stores = openTempStores();
    const aggregates = new AggregateStore(stores.events);
    tenantId = (await new RegisterTenant(aggregates, clock, new SequentialIds()).execute({ nit: '900825759', legalName: 'Emisor SAS' }, operator)).id;
    elsewhere = new UpdateCompanyProfile(aggregates, new TenantDirectory(aggregates), new CompanyLogos(stores.events), clock);
    now = 0;
  });
  afterEach(() => stores.dispose());

  function directory(maxAgeMs = 5_000) {
    const { store, reads } = counting(stores.events);
    return { tenants: new TenantDirectory(new AggregateStore(store), { maxAgeMs, now: () => now }), reads };
  }

  it('given a tenant read a moment ago, then it is answered from memory without reading the store', async () => {
    const { tenants, reads } = directory();
    await tenants.find(tenantId);
    now = 4_999;

    expect((await tenants.find(tenantId))?.legalName).to.equal('Emisor SAS');
    expect(reads()).to.equal(1);
  });

  it('given another process changed the profile, then it is seen once the cached tenant is older than the maximum age', async () => {
    const { tenants, reads } = directory();
    await tenants.find(tenantId);
    await elsewhere.execute(tenantId, { address: 'Calle 1 # 2-3' }, operator);

    now = 1_000;
    expect((await tenants.find(tenantId))?.profile.address).to.equal(null);
    now = 5_000;
    expect((await tenants.find(tenantId))?.profile.address).to.equal('Calle 1 # 2-3');
    expect((await tenants.issuer(tenantId)).profile?.address).to.equal('Calle 1 # 2-3');
    expect(reads()).to.equal(2);
  });

  it('given many requests at once for a stale tenant, then the store is read once for all of them', async () => {
    const { tenants, reads } = directory();

    const found = await Promise.all(Array.from({ length: 20 }, () => tenants.find(tenantId)));

    expect(found.every((tenant) => tenant?.id === tenantId)).to.equal(true);
    expect(reads()).to.equal(1);
  });

  it('given an update made through this directory, then it is seen at once, without waiting for the maximum age', async () => {
    const { tenants } = directory();
    const aggregates = new AggregateStore(stores.events);
    const update = new UpdateCompanyProfile(aggregates, tenants, new CompanyLogos(stores.events), clock);
    await tenants.find(tenantId);

    await update.execute(tenantId, { email: 'fe@emisor.co', logo: pngLogo() }, operator);

    expect((await tenants.find(tenantId))?.profile).to.include({ email: 'fe@emisor.co' });
  });

  it('given an unknown id, then null, and the known tenant is still found', async () => {
    const { tenants } = directory();

    expect(await tenants.find('nobody')).to.equal(null);
    expect(await tenants.find(tenantId)).to.not.equal(null);
  });
});

describe('UpdateCompanyProfile and CompanyLogos', () => {
  let stores: TempStores;
  const clock = new FixedClock('2026-03-01T15:30:00.000Z');
  const operator = { actor: 'cli', correlationId: 'c' };

  beforeEach(() => {
    stores = openTempStores();
  });
  afterEach(() => stores.dispose());

  it('given a logo, then its bytes are stored once under their hash, outside the tenant’s stream, and read back by hash', async () => {
    const aggregates = new AggregateStore(stores.events);
    const tenantId = (await new RegisterTenant(aggregates, clock, new SequentialIds()).execute({ nit: '900825759', legalName: 'Emisor SAS' }, operator)).id;
    const logos = new CompanyLogos(stores.events);
    const update = new UpdateCompanyProfile(aggregates, new TenantDirectory(aggregates), logos, clock);
    const png = pngLogo(20, 10);

    const first = await update.execute(tenantId, { logo: png }, operator);
    await update.execute(tenantId, { logo: null }, operator);
    await update.execute(tenantId, { logo: png }, operator);

    const sha256 = first!.profile.logo!.sha256;
    const tenantEvents = await stores.events.readStream(`tenant-${tenantId}`);
    expect(tenantEvents.map((event) => event.type)).to.deep.equal(['TenantRegistered', 'CompanyProfileUpdated', 'CompanyProfileUpdated', 'CompanyProfileUpdated']);
    expect(JSON.stringify(tenantEvents.map((event) => event.data))).to.not.contain(png.toString('base64').slice(0, 40));
    expect(await stores.events.readStream(`companyLogo-${tenantId}.${sha256}`)).to.have.length(1);
    expect((await logos.image(tenantId, sha256))?.bytes.equals(png)).to.equal(true);
    expect(await logos.image(tenantId, '0'.repeat(64))).to.equal(null);
  });

  it('given an unknown tenant, then null and nothing is written', async () => {
    const aggregates = new AggregateStore(stores.events);
    const update = new UpdateCompanyProfile(aggregates, new TenantDirectory(aggregates), new CompanyLogos(stores.events), clock);

    expect(await update.execute('nobody', { logo: pngLogo() }, operator)).to.equal(null);
    expect(await stores.events.readAll({ maxCount: 10 })).to.deep.equal([]);
  });
});
