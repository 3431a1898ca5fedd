import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Leases } from '../../../application/coordination/leases.ts';
import { WorkSharing, type SharedWork } from '../../../application/coordination/work-sharing.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { FixedClock, silentLogger } from '../../support/fixtures.ts';

/** A piece of work that records whether it runs, in which instance. */
class Work implements SharedWork {
  running = false;
  starts = 0;
  constructor(
    readonly name: string,
    private readonly failStart = false,
  ) {}
  async start(): Promise<void> {
    if (this.failStart) throw new Error('cannot start');
    this.running = true;
    this.starts += 1;
  }
  async stop(): Promise<void> {
    this.running = false;
  }
}

const NAMES = ['documents', 'submission', 'submission-schedule', 'voiding', 'messages', 'message-delivery', 'received-documents', 'tacit-acceptance'];
const TTL = 10_000;

describe('WorkSharing', () => {
  let dir: string;
  let clock: FixedClock;
  const stores: SqliteCoordinationStore[] = [];
  const sharings: WorkSharing[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'work-sharing-'));
    clock = new FixedClock('2026-11-23T12:00:00.000Z');
  });

  afterEach(async () => {
    for (const sharing of sharings.splice(0)) await sharing.stop();
    for (const store of stores.splice(0)) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An instance: its own connection to the shared file, ticking only when the test says so. */
  function instance(id: string, names = NAMES) {
    const store = new SqliteCoordinationStore(join(dir, 'coordination.sqlite'));
    stores.push(store);
    const items = names.map((name) => new Work(name));
    const sharing = new WorkSharing(items, store, clock, silentLogger, { instanceId: id, description: id, leaseTtlMs: TTL, tickMs: 3_600_000, handoffAfterMs: 5_000, memberStaleMs: 6_000 });
    sharings.push(sharing);
    const running = () => items.filter((item) => item.running).map((item) => item.name);
    return { sharing, items, running, store };
  }

  it('given one instance, when it starts, then every item runs there before start resolves', async () => {
    const a = instance('a');
    await a.sharing.start();
    expect(a.running()).to.deep.equal(NAMES);
    expect(a.sharing.status().every((status) => status.here && status.holder === 'a')).to.equal(true);
  });

  it('given a second instance, when it has been alive a while, then the items are split between them and none runs twice', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.sharing.start();
    await b.sharing.start();
    expect(b.running(), 'a newcomer takes nothing at once').to.deep.equal([]);
    clock.advance(5_500);
    await a.sharing.tick();
    await b.sharing.tick();
    expect([...a.running(), ...b.running()].sort()).to.deep.equal([...NAMES].sort());
    expect(a.running().filter((name) => b.running().includes(name))).to.deep.equal([]);
    expect(a.running().length).to.be.greaterThan(0);
    expect(b.running().length).to.be.greaterThan(0);
    expect(b.sharing.status().find((status) => status.name === a.running()[0])).to.deep.include({ here: false, holder: 'a' });
  });

  it('given an instance that dies without a word, then the other takes its items once their leases expire, within the TTL and one tick', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.sharing.start();
    await b.sharing.start();
    clock.advance(5_500);
    await a.sharing.tick();
    await b.sharing.tick();
    const orphaned = a.running();
    expect(orphaned.length).to.be.greaterThan(0);
    // a stops ticking: no renewal, no heartbeat.
    clock.advance(TTL / 2);
    await b.sharing.tick();
    expect(b.running().filter((name) => orphaned.includes(name)), 'not before the leases expire').to.deep.equal([]);
    clock.advance(TTL / 2 + 1);
    await b.sharing.tick();
    expect(b.running().sort()).to.deep.equal([...NAMES].sort());
  });

  it('given a holder paused past its lease, when it wakes after another took over, then it stops its copy: one writer at a time', async () => {
    const a = instance('a', ['documents']);
    await a.sharing.start();
    clock.advance(TTL + 1);
    const b = instance('b', ['documents']);
    await b.sharing.start();
    clock.advance(1_000);
    await b.sharing.tick();
    expect(b.running()).to.deep.equal(['documents']);
    await a.sharing.tick();
    expect(a.running()).to.deep.equal([]);
    expect(b.running()).to.deep.equal(['documents']);
  });

  it('given a graceful stop, then its leases are released and the other instance takes them at its next tick', async () => {
    const a = instance('a');
    const b = instance('b');
    await a.sharing.start();
    await b.sharing.start();
    await a.sharing.stop();
    expect(a.running()).to.deep.equal([]);
    await b.sharing.tick();
    expect(b.running().sort()).to.deep.equal([...NAMES].sort());
  });

  it('given an item that fails to start, then its lease is let go and it is tried again later', async () => {
    const store = new SqliteCoordinationStore(join(dir, 'coordination.sqlite'));
    stores.push(store);
    const broken = new Work('broken', true);
    const sharing = new WorkSharing([broken], store, clock, silentLogger, { instanceId: 'a', description: 'a', leaseTtlMs: TTL, tickMs: 3_600_000, memberStaleMs: 6_000 });
    sharings.push(sharing);
    await sharing.start();
    expect(sharing.holds('broken')).to.equal(false);
    const [lease] = await new Leases(store, clock).list('broken');
    expect(lease.live).to.equal(false);
  });

  it('given held items, then leases are renewed before they expire while the instance lives', async () => {
    const a = instance('a');
    await a.sharing.start();
    for (let n = 0; n < 10; n += 1) {
      clock.advance(TTL / 2);
      await a.sharing.tick();
    }
    expect(a.running()).to.deep.equal(NAMES);
    const leases = await new Leases(a.store, clock).list();
    expect(leases.every((lease) => lease.live && lease.holder === 'a')).to.equal(true);
  });
});
