import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { verifyTrail } from '../../../../application/audit/verify-trail.ts';
import { ConcurrencyError } from '../../../../application/ports/event-store.ts';
import { SqliteEventStore } from '../../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';

const metadata = { tenantId: 't1', environment: 'test' };
const event = (type: string, n: number) => ({ type, data: { n }, metadata });

/** The refusal of `append`, or undefined when it was written. */
const refusal = (append: Promise<unknown>) =>
  append.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('SqliteEventStore: appends linked to the newest event a connection knows, without reading it', () => {
  let dir: string;
  let file: string;
  let stores: SqliteEventStore[];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stream-heads-'));
    file = join(dir, 'events.db');
    stores = [new SqliteEventStore(file), new SqliteEventStore(file)];
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given another connection appended after the event this one wrote last, then an append expecting that event is refused with the revision now newest', async () => {
    const [mine, other] = stores;
    await mine.append('doc', [event('Created', 0)], 'no_stream');
    await other.append('doc', [event('Submitted', 1)], 0n);
    const refused = await refusal(mine.append('doc', [event('Validated', 2)], 0n));
    expect(refused).to.be.instanceOf(ConcurrencyError);
    expect((refused as ConcurrencyError).actual).to.equal(1n);
    expect((await mine.append('doc', [event('Validated', 2)], 1n)).nextExpectedRevision).to.equal(2n);
    expect((await mine.readStream('doc')).map((e) => e.type)).to.deep.equal(['Created', 'Submitted', 'Validated']);
    expect((await verifyTrail(mine)).findings).to.deep.equal([]);
  });

  it('given a stream another connection created, then a new-stream append is refused with its revision, and one after its read is linked to it', async () => {
    const [mine, other] = stores;
    await other.append('doc', [event('Created', 0), event('Submitted', 1)], 'no_stream');
    const refused = await refusal(mine.append('doc', [event('Created', 0)], 'no_stream'));
    expect((refused as ConcurrencyError).actual).to.equal(1n);
    const read = await mine.readStream('doc');
    await mine.append('doc', [event('Validated', 2)], read[read.length - 1].revision);
    expect((await verifyTrail(mine)).findings).to.deep.equal([]);
  });

  it('given a group that failed as a whole after one of its appends was written, then nothing links to that append', async () => {
    const [store] = stores;
    await store.append('doc', [event('Created', 0)], 'no_stream');
    // An event id SQLite cannot bind: refused by the second append's INSERT, inside the group's transaction, which is
    // then rolled back with every append of the group.
    const unbindable = (() => 'not an id') as unknown as string;
    const group = [
      store.append('doc', [event('Submitted', 1)], 0n),
      store.append('other', [{ id: unbindable, type: 'Other', data: { n: 1 }, metadata }], 'no_stream'),
    ];
    expect((await Promise.allSettled(group)).map((outcome) => outcome.status)).to.deep.equal(['rejected', 'rejected']);
    const refused = await refusal(store.append('doc', [event('Validated', 2)], 1n));
    expect(refused).to.be.instanceOf(ConcurrencyError);
    expect((refused as ConcurrencyError).actual).to.equal(0n);
    expect((await store.readStream('doc')).map((e) => e.revision)).to.deep.equal([0n]);
    expect((await verifyTrail(store)).findings).to.deep.equal([]);
  });
});
