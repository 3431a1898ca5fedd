import { join } from 'node:path';
import { expect } from 'chai';
import { VerificationRunningError } from '../../../application/audit/audit-errors.ts';
import { TrailVerifications } from '../../../application/audit/trail-verifications.ts';
import { HEARTBEAT_TIMEOUT_MS, VERIFICATIONS_COLLECTION, type VerificationRow } from '../../../application/audit/verification-row.ts';
import type { EventStore, ReadAllOptions } from '../../../application/ports/event-store.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { openTempStores, SequentialIds, silentLogger, type TempStores } from '../../support/fixtures.ts';

const scope = { tenantId: 'tenant-a', environment: 'test' };
const OPTIONS = { instanceId: 'instance-1', contiguousPositions: true, writeIntervalMs: 0 };

/** 2,500 events of three companies' streams, chained by the store as it appends them. */
async function fill(events: EventStore): Promise<void> {
  for (let index = 0; index < 250; index += 1) {
    const tenantId = ['tenant-a', 'tenant-b', 'tenant-a'][index % 3];
    const environment = index % 5 === 0 ? 'live' : 'test';
    const batch = Array.from({ length: 10 }, (_, n) => ({ type: 'Noted', data: { n }, metadata: { tenantId, environment } }));
    await events.append(`note-${index}`, batch, 'no_stream');
  }
}

describe('TrailVerifications: a company’s trail verified in the background', function () {
  this.timeout(30_000);
  let stores: TempStores;
  let coordination: SqliteCoordinationStore;
  let verifications: TrailVerifications;
  /** The event-loop turns (macrotasks) counted when each page of the log was asked for. */
  let turnsAtPages: number[];
  let turns: number;
  let ticking: boolean;

  beforeEach(async () => {
    stores = openTempStores();
    coordination = new SqliteCoordinationStore(join(stores.dir, 'coordination.sqlite'));
    await fill(stores.events);
    turnsAtPages = [];
    turns = 0;
    ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const counted: EventStore = Object.create(stores.events, {
      readAll: { value: (options: ReadAllOptions) => (turnsAtPages.push(turns), stores.events.readAll(options)) },
    });
    verifications = new TrailVerifications(counted, stores.readModels.collection(VERIFICATIONS_COLLECTION), coordination, { now: () => new Date() }, new SequentialIds(), silentLogger, OPTIONS);
  });
  afterEach(async () => {
    ticking = false;
    await verifications.close();
    await coordination.close();
    await stores.dispose();
  });

  const finished = async (id: string, where = scope): Promise<VerificationRow> => {
    for (let round = 0; round < 2_000; round += 1) {
      const row = await verifications.get(id, where);
      if (row.status !== 'running') return row;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('the verification did not finish');
  };

  it('given an intact log, then completed and intact: every event of the log read, the company’s environment’s checked', async () => {
    const started = await verifications.start(scope);
    expect(started).to.include({ status: 'running', intact: null, finishedAt: null });

    const row = await finished(started.id);

    expect(row).to.include({ status: 'completed', intact: true, eventsTotal: 2_500, eventsChecked: 2_500, findingsCount: 0, error: null, instance: 'instance-1' });
    // tenant-a has two streams in three, and one in five is live: 167 streams, 133 of them in test.
    const testStreams = Array.from({ length: 250 }, (_, index) => index).filter((index) => index % 3 !== 1 && index % 5 !== 0).length;
    expect([row.streamsChecked, row.tenantEvents]).to.deep.equal([testStreams, testStreams * 10]);
    expect(row.finishedAt).to.be.a('string');
  });

  it('yields to the event loop between pages of the log, so other work runs while it verifies', async () => {
    await finished((await verifications.start(scope)).id);

    expect(turnsAtPages).to.have.length(3);
    for (let page = 1; page < turnsAtPages.length; page += 1) expect(turnsAtPages[page], `turns before page ${page + 1}`).to.be.above(turnsAtPages[page - 1]);
  });

  it('given one running for the company and environment, then a second is refused naming it; another environment may run', async () => {
    const first = await verifications.start(scope);

    const refused = await verifications.start(scope).then(() => undefined, (error: unknown) => error);
    const live = await verifications.start({ ...scope, environment: 'live' });

    expect(refused).to.be.instanceOf(VerificationRunningError);
    expect((refused as VerificationRunningError).runningId).to.equal(first.id);
    expect((await finished(live.id, { ...scope, environment: 'live' })).status).to.equal('completed');
    await finished(first.id);
    expect((await verifications.start(scope)).status, 'once it ended, another may start').to.equal('running');
  });

  it('given a running row whose heartbeat is older than 30 s, then it reads interrupted, with why', async () => {
    const rows = stores.readModels.collection(VERIFICATIONS_COLLECTION);
    const old = new Date(Date.now() - HEARTBEAT_TIMEOUT_MS - 1_000).toISOString();
    const row: VerificationRow = {
      id: 'ver_dead', status: 'running', startedAt: old, finishedAt: null, heartbeatAt: old, instance: 'gone', eventsTotal: 10, eventsChecked: 3,
      tenantEvents: 1, streamsChecked: 1, intact: null, findings: [], findingsCount: 0, error: null,
    };
    await rows.upsert({ ...scope, id: row.id }, 1n, row);

    const seen = await verifications.get('ver_dead', scope);

    expect(seen.status).to.equal('interrupted');
    expect(seen.error).to.contain(old);
  });

  it('given the service stops while one runs, then it is recorded interrupted', async () => {
    const started = await verifications.start(scope);

    await verifications.close();

    const row = await verifications.get(started.id, scope);
    expect(row.status).to.equal('interrupted');
    expect(row.error).to.equal('the service stopped while it ran');
  });

  it('lists the company’s verifications newest first in keyset pages; another company sees none of them', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await finished((await verifications.start(scope)).id)).id);

    const first = await verifications.list(scope, 2);
    const second = await verifications.list(scope, 2, first.next!);

    expect([...first.items, ...second.items].map((row) => row.id)).to.deep.equal([...ids].reverse());
    expect(second.next).to.equal(null);
    expect((await verifications.list({ ...scope, tenantId: 'tenant-b' }, 10)).items).to.deep.equal([]);
  });
});
