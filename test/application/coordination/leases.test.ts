import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Leases } from '../../../application/coordination/leases.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { FixedClock } from '../../support/fixtures.ts';

describe('Leases', () => {
  let dir: string;
  let store: SqliteCoordinationStore;
  let clock: FixedClock;
  let leases: Leases;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'leases-'));
    store = new SqliteCoordinationStore(join(dir, 'coordination.sqlite'));
    clock = new FixedClock();
    leases = new Leases(store, clock);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a free lease, then the first holder gets it and a second does not until it expires', async () => {
    const first = await leases.acquire('documents', 'a', 10_000);
    expect(first).to.include({ name: 'documents', holder: 'a', fence: 1 });
    expect(await leases.acquire('documents', 'b', 10_000)).to.equal(null);
    clock.advance(10_001);
    const second = await leases.acquire('documents', 'b', 10_000);
    expect(second).to.include({ holder: 'b', fence: 2 });
  });

  it('given a lease taken over after it expired, then the old holder can no longer renew it', async () => {
    const first = (await leases.acquire('documents', 'a', 10_000))!;
    clock.advance(10_001);
    await leases.acquire('documents', 'b', 10_000);
    expect(await leases.renew(first, 10_000)).to.equal(null);
  });

  it('given a renewal, then the lease lasts from the renewal and keeps its fence', async () => {
    const first = (await leases.acquire('documents', 'a', 10_000))!;
    clock.advance(8_000);
    const renewed = (await leases.renew(first, 10_000))!;
    expect(renewed.fence).to.equal(first.fence);
    clock.advance(8_000);
    expect(await leases.acquire('documents', 'b', 10_000)).to.equal(null);
  });

  it('given a release, then another holder gets it at once', async () => {
    const first = (await leases.acquire('rebuild:documents', 'a', 30_000))!;
    await leases.release(first);
    expect(await leases.acquire('rebuild:documents', 'b', 30_000)).to.include({ holder: 'b' });
    const listed = await leases.list('rebuild:');
    expect(listed.map(({ name, holder, live }) => ({ name, holder, live }))).to.deep.equal([{ name: 'rebuild:documents', holder: 'b', live: true }]);
  });

  it('given two instances racing for a free lease, then exactly one gets it', async () => {
    const other = new Leases(new SqliteCoordinationStore(join(dir, 'coordination.sqlite')), clock);
    const results = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? leases : other).acquire('submission', `holder-${n}`, 10_000)));
    expect(results.filter((result) => result !== null)).to.have.length(1);
  });
});
