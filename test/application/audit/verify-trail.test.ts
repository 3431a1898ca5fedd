import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatFinding } from '../../../application/audit/trail-finding.ts';
import { verifyTrail, type VerifyTrailOptions } from '../../../application/audit/verify-trail.ts';
import type { EventData } from '../../../application/ports/event-store.ts';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { Tamperer } from '../../support/trail-tampering.ts';

const event = (type: string, tenantId: string, data: Record<string, unknown> = {}): EventData => ({
  type,
  data: { ...data, at: '2026-03-01T10:00:00.000Z' },
  metadata: { tenantId, environment: 'test', actor: 'key-1', $correlationId: 'c-1', schemaVersion: 1 },
});

const INVOICE = 'salesInvoice-6f1c2e0a-5b7d-4c1e-9a55-2d8f3b7c9e01';
const OTHER = 'salesInvoice-0a9b8c7d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const RANGE = 'sandboxRange-t-a.test';

describe('audit: verifyTrail on a SQLite event file altered behind the service', () => {
  let dir: string;
  let store: SqliteEventStore;
  let tamper: Tamperer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-trail-'));
    const file = join(dir, 'events.sqlite');
    store = new SqliteEventStore(file);
    tamper = new Tamperer(file);
    // Interleaved streams, so log positions and stream revisions differ.
    await store.append(INVOICE, [event('DocumentCreated', 't-a', { body: { observation: 'original' } })], 'no_stream');
    await store.append(RANGE, [event('SandboxNumberAssigned', 't-a', { n: 1 })], 'any');
    await store.append(INVOICE, [event('DocumentSubmissionStarted', 't-a')], 0n);
    await store.append(OTHER, [event('DocumentCreated', 't-b')], 'no_stream');
    await store.append(INVOICE, [event('DocumentValidated', 't-a', { number: 'SETP990000001' }), event('DocumentVoidClaimed', 't-a')], 1n);
    await store.append(RANGE, [event('SandboxNumberAssigned', 't-a', { n: 2 })], 'any');
    await store.append(OTHER, [event('DocumentSubmissionStarted', 't-b')], 0n);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const verify = async (options: VerifyTrailOptions = {}) => {
    const report = await verifyTrail(store, { contiguousPositions: true, ...options });
    return { ...report, lines: report.findings.map(formatFinding) };
  };

  it('finds nothing wrong in an untouched file, whatever the page size', async () => {
    for (const pageSize of [1, 3, 1000]) {
      const report = await verify({ pageSize });
      expect(report.lines).to.deep.equal([]);
      expect(report).to.include({ events: 8, streams: 3 });
    }
  });

  it('an UPDATE of an event’s data: that event is altered (hash mismatch), nothing else', async () => {
    const position = tamper.position(INVOICE, 0);
    tamper.alterData(INVOICE, 0, '$.body.observation', 'changed');
    expect((await verify()).lines).to.deep.equal([`stream ${INVOICE} position ${position} revision 0: altered (hash mismatch)`]);
  });

  it('an UPDATE of an event’s metadata (who did it): altered', async () => {
    const position = tamper.position(INVOICE, 1);
    tamper.alterMetadata(INVOICE, 1, '$.actor', 'key-someone-else');
    expect((await verify()).lines).to.deep.equal([`stream ${INVOICE} position ${position} revision 1: altered (hash mismatch)`]);
  });

  it('two swapped revisions: both events reported as reordered, with the revision each was written as', async () => {
    const [p1, p2] = [tamper.position(INVOICE, 1), tamper.position(INVOICE, 2)];
    tamper.swapRevisions(INVOICE, 1, 2);
    expect((await verify({ pageSize: 2 })).lines).to.deep.equal([
      `stream ${INVOICE} position ${p1} revision 2: reordered (written as revision 1)`,
      `stream ${INVOICE} position ${p2} revision 1: reordered (written as revision 2)`,
    ]);
  });

  it('swapping the first event with the second: reordered, the first one written as revision 0', async () => {
    tamper.swapRevisions(INVOICE, 0, 1);
    const lines = (await verify()).lines;
    expect(lines).to.have.length(2);
    expect(lines[0]).to.match(/revision 1: reordered \(written as revision 0\)$/);
    expect(lines[1]).to.match(/revision 0: reordered \(written as revision 1\)$/);
  });

  it('a DELETE in the middle of a stream: the stream misses that revision, and the log that position', async () => {
    const [p0, p1, p2] = [0, 1, 2].map((revision) => tamper.position(INVOICE, revision));
    tamper.delete(INVOICE, 1);
    expect((await verify()).lines).to.deep.equal([
      `log position ${p1}: missing (no event at this position of the log)`,
      `stream ${INVOICE} revision 1: missing (no such event; after position ${p0}, before position ${p2})`,
    ]);
  });

  it('a DELETE of a stream’s first event: revision 0 is missing', async () => {
    tamper.delete(OTHER, 0);
    const lines = (await verify({ contiguousPositions: false })).lines;
    expect(lines).to.deep.equal([`stream ${OTHER} revision 0: missing (no such event; before position ${tamper.position(OTHER, 1)})`]);
  });

  it('a DELETE of a stream’s last event: the hole in the log positions gives it away', async () => {
    const position = tamper.position(INVOICE, 3);
    tamper.delete(INVOICE, 3);
    expect((await verify()).lines).to.deep.equal([`log position ${position}: missing (no event at this position of the log)`]);
  });

  it('an altered event whose own hash was recomputed: the next event no longer links to it', async () => {
    const next = tamper.position(INVOICE, 3);
    tamper.alterDataAndRehash(INVOICE, 2, '$.number', 'SETP990000999');
    expect((await verify()).lines).to.deep.equal([`stream ${INVOICE} position ${next} revision 3: broken (previous hash does not match revision 2)`]);
  });

  it('--tenant: checks only that tenant’s events, and still sees a hole in its own streams', async () => {
    tamper.alterData(OTHER, 0, '$.at', '2020-01-01T00:00:00.000Z');
    expect((await verify({ tenantId: 't-a' })).lines).to.deep.equal([]);
    expect((await verify({ tenantId: 't-a' })).events).to.equal(6);
    expect((await verify({ tenantId: 't-b' })).lines).to.have.length(1);
    tamper.alterMetadata(INVOICE, 1, '$.tenantId', 't-b');
    const lines = (await verify({ tenantId: 't-a' })).lines;
    expect(lines).to.deep.equal([`stream ${INVOICE} revision 1: missing (no such event; after position ${tamper.position(INVOICE, 0)}, before position ${tamper.position(INVOICE, 2)})`]);
  });

  it('an event moved to another stream: altered where it landed, missing where it was', async () => {
    const [p0, p1, p2] = [0, 1, 2].map((revision) => tamper.position(INVOICE, revision));
    tamper.move(INVOICE, 1, OTHER, 2);
    expect((await verify()).lines).to.deep.equal([
      `stream ${OTHER} position ${p1} revision 2: altered (hash mismatch)`,
      `stream ${INVOICE} revision 1: missing (no such event; after position ${p0}, before position ${p2})`,
    ]);
  });
});
