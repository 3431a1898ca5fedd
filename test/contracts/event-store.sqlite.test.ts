import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { withoutTrail } from '../../application/audit/event-hash.ts';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { CONTRACT_MAX_APPEND_BYTES, eventStoreContract } from './event-store.contract.ts';

function tempFile(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
  return { file: join(dir, 'events.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

eventStoreContract('SqliteEventStore', async () => {
  const temp = tempFile();
  const options = { pollIntervalMs: 20, maxAppendBytes: CONTRACT_MAX_APPEND_BYTES };
  const store = new SqliteEventStore(temp.file, options);
  const reopened: SqliteEventStore[] = [];
  return {
    store,
    reopen: async () => {
      const again = new SqliteEventStore(temp.file, options);
      reopened.push(again);
      return again;
    },
    cleanup: async () => {
      await store.close();
      for (const again of reopened) await again.close();
      temp.remove();
    },
  };
});

describe('SqliteEventStore restart', () => {
  it('keeps streams, positions and revisions after reopening the same file', async () => {
    const temp = tempFile();
    try {
      const first = new SqliteEventStore(temp.file);
      const metadata = { $correlationId: randomUUID(), tenantId: 't1', environment: 'live' };
      await first.append('invoice-1', [{ type: 'InvoiceDrafted', data: { n: 1 }, metadata }], 'no_stream');
      const written = await first.append('invoice-1', [{ type: 'InvoiceIssued', data: { n: 2 }, metadata }], 0n);
      await first.close();

      const second = new SqliteEventStore(temp.file);
      try {
        const events = await second.readStream('invoice-1');
        expect(events.map((e) => [e.type, e.revision, e.data.n])).to.deep.equal([
          ['InvoiceDrafted', 0n, 1],
          ['InvoiceIssued', 1n, 2],
        ]);
        expect(withoutTrail(events[1].metadata)).to.deep.equal(metadata);
        expect(await second.headPosition()).to.equal(written.position);
        const next = await second.append('invoice-1', [{ type: 'InvoicePaid', data: {}, metadata }], 1n);
        expect(next.position > written.position).to.equal(true);
        const stale = second.append('invoice-1', [{ type: 'InvoicePaid', data: {}, metadata }], 1n);
        const error = await stale.catch((e: unknown) => e);
        expect(error).to.have.property('name', 'ConcurrencyError');
      } finally {
        await second.close();
      }
    } finally {
      temp.remove();
    }
  });
});
