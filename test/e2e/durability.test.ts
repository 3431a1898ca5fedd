import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { readAllOfTypes } from '../../application/event-sourcing/read-all-of-types.ts';
import { http } from '../support/http.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { demoKey, startService, type ServiceProcess } from '../support/service-process.ts';

const TOTAL = 1_000;
const KILL_AFTER = 400;
const BASE = '/invoices/v1/sales-invoices';

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Durability: 1,000 invoices over HTTP with a SIGKILL in the middle', function () {
  this.timeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-durability-'));
  let service: ServiceProcess;
  let key: string;
  const accepted = new Map<string, string>(); // Idempotency-Key → document id
  const keys = Array.from({ length: TOTAL }, (_, i) => `durability-${String(i).padStart(5, '0')}`);

  after(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given the service is killed while issuing, when it restarts and clients retry with their keys, then every 202 reaches one final state', async () => {
    service = await startService(dataDir, { SANDBOX_DELAY_MS: '20', SUBMISSION_LEASE_S: '10' });
    key = demoKey(dataDir).key;

    const post = async (idempotencyKey: string) => {
      try {
        const answer = await http(service.baseUrl, 'POST', BASE, { key, body: sampleInvoice(), headers: { 'Idempotency-Key': idempotencyKey } });
        if (answer.status === 202) accepted.set(idempotencyKey, answer.body.id);
        else throw new Error(`unexpected ${answer.status}: ${answer.text}`);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error; // a connection cut by the kill: the client will retry
      }
    };

    let killed = false;
    await pool(keys, 16, async (idempotencyKey) => {
      if (killed) return;
      await post(idempotencyKey);
      if (!killed && accepted.size >= KILL_AFTER) {
        killed = true;
        service.child.kill('SIGKILL');
      }
    });
    expect(await service.exited).to.equal('SIGKILL');
    const acceptedBeforeKill = new Map(accepted);
    expect(acceptedBeforeKill.size).to.be.at.least(KILL_AFTER).and.below(TOTAL);

    service = await startService(dataDir, { SANDBOX_DELAY_MS: '20', SUBMISSION_LEASE_S: '10' });
    await pool(keys, 16, post);
    expect(accepted.size).to.equal(TOTAL);
    for (const [idempotencyKey, id] of acceptedBeforeKill) expect(accepted.get(idempotencyKey)).to.equal(id);
    expect(new Set(accepted.values()).size).to.equal(TOTAL);

    await waitUntil(
      async () => (await http(service.baseUrl, 'GET', `${BASE}?status=validated&per_page=1`, { key })).body.pagination.total === TOTAL,
      120_000,
      'every invoice to be validated',
    );
  });

  it('then list pages and totals are exact', async () => {
    const seen = new Set<string>();
    let previousCreatedAt = '9999';
    for (let page = 1; page <= 10; page += 1) {
      const answer = await http(service.baseUrl, 'GET', `${BASE}?per_page=100&page=${page}`, { key });
      expect(answer.status).to.equal(200);
      expect(answer.body.pagination).to.deep.equal({ page, per_page: 100, total: TOTAL, total_pages: 10 });
      expect(answer.body.data).to.have.length(100);
      for (const row of answer.body.data) {
        expect(row.status).to.equal('validated');
        expect(row.payable_amount).to.equal('83300.00');
        expect(row.created_at <= previousCreatedAt).to.equal(true);
        previousCreatedAt = row.created_at;
        seen.add(row.id);
      }
    }
    expect(seen).to.deep.equal(new Set(accepted.values()));
    const beyond = await http(service.baseUrl, 'GET', `${BASE}?per_page=100&page=11`, { key });
    expect(beyond.body.data).to.deep.equal([]);
  });

  it('then the numbers have no duplicates and no gaps, and each document has exactly one outcome', async () => {
    service.child.kill('SIGTERM');
    expect(await service.exited).to.equal(0);
    expect(service.output()).to.contain('"msg":"stopped"');

    const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    try {
      const outcomes = await readAllOfTypes(store, { eventTypes: ['DocumentValidated', 'DocumentRejected', 'DocumentSubmissionFailed', 'DocumentCancelled'] });
      const perStream = new Map<string, number>();
      for (const event of outcomes) perStream.set(event.streamId, (perStream.get(event.streamId) ?? 0) + 1);
      expect(perStream.size).to.equal(TOTAL);
      expect([...perStream.values()].every((count) => count === 1)).to.equal(true);
      expect(outcomes.every((event) => event.type === 'DocumentValidated')).to.equal(true);

      const created = await readAllOfTypes(store, { eventTypes: ['DocumentCreated'] });
      expect(created).to.have.length(TOTAL);

      const numbers = outcomes.map((event) => Number(String(event.data.number).replace('SETP', ''))).sort((a, b) => a - b);
      expect(new Set(numbers).size).to.equal(TOTAL);
      expect(numbers[0]).to.equal(990000000);
      expect(numbers[TOTAL - 1]).to.equal(990000000 + TOTAL - 1);
    } finally {
      await store.close();
    }
  });
});
