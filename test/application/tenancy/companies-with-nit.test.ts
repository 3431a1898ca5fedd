import { expect } from 'chai';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import type { EventStore, ReadAllOptions } from '../../../application/ports/event-store.ts';
import { CompaniesWithNit } from '../../../application/tenancy/companies-with-nit.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';

describe('CompaniesWithNit: the companies registered with a NIT, read incrementally', () => {
  let stores: TempStores;
  let register: (nit: string) => Promise<string>;
  const reads: ReadAllOptions[] = [];
  let watched: EventStore;

  beforeEach(() => {
    stores = openTempStores();
    const { events } = stores;
    const ids = new SequentialIds();
    const registration = new RegisterTenant(new AggregateStore(events), new FixedClock('2026-03-01T15:30:00.000Z'), ids);
    register = async (nit) => (await registration.execute({ nit, legalName: `Company ${nit}` }, { actor: 'cli', correlationId: 'c' })).id;
    reads.length = 0;
    watched = Object.create(events) as EventStore;
    watched.readAll = (options) => {
      reads.push(options);
      return events.readAll(options);
    };
  });
  afterEach(() => stores.dispose());

  it('finds every company of a NIT, oldest first, also those registered after an earlier lookup, reading only what is new', async () => {
    const first = await register('900825759');
    await register('800197268');
    const companies = new CompaniesWithNit(watched);
    expect(await companies.of('900825759')).to.deep.equal([first]);
    expect(reads[0].after).to.equal(undefined);

    const second = await register('900825759');
    expect(await companies.of('900825759')).to.deep.equal([first, second]);
    expect(await companies.of('123456789')).to.deep.equal([]);
    // After the first lookup, each one starts where the previous stopped.
    expect(reads.slice(1).every((options) => typeof options.after === 'bigint')).to.equal(true);
  });
});
