import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAllOfTypes } from '../../application/event-sourcing/read-all-of-types.ts';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { Cluster, pool, waitUntil } from './support/cluster.ts';

const TOTAL = 1_000;
const KILL_AFTER = 500;
const BASE = '/invoices/v1/sales-invoices';
const CLAIMS = ['DocumentSubmissionStarted', 'DocumentSubmissionRetryStarted'];

describe('Three processes on one DATA_DIR with the built-in sandbox: 1,000 invoices, one process SIGKILLed midway', function () {
  this.timeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-three-sandbox-'));
  let cluster: Cluster;
  const accepted = new Map<string, string>();

  let victim = -1;

  before(async () => {
    cluster = await Cluster.start(3, dataDir, { SANDBOX_DELAY_MS: '20', SUBMISSION_LEASE_S: '10' });
    await cluster.spread();
  });

  after(async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given 1,000 invoices posted round-robin to three processes and the one submitting them killed midway and restarted, then every one is validated', async () => {
    const keys = Array.from({ length: TOTAL }, (_, n) => `three-sandbox-${String(n).padStart(5, '0')}`);
    victim = (await cluster.holders()).get('submission')![0];
    let killed = false;
    await pool(keys, 12, async (idempotencyKey, index) => {
      const answer = await cluster.request(index, 'POST', BASE, { body: sampleInvoice(), headers: { 'Idempotency-Key': idempotencyKey } });
      expect(answer.status, answer.text).to.equal(202);
      accepted.set(idempotencyKey, answer.body.id);
      if (!killed && accepted.size >= KILL_AFTER) {
        killed = true;
        await cluster.kill(victim);
        setTimeout(() => void cluster.restart(victim), 3_000);
      }
    });
    expect(killed).to.equal(true);
    expect(new Set(accepted.values()).size).to.equal(TOTAL);
    await waitUntil(
      async () => (await cluster.request(0, 'GET', `${BASE}?status=validated&per_page=1`)).body.pagination.total === TOTAL,
      180_000,
      'every invoice to be validated',
    );
  });

  it('then every projection, process manager and scheduler runs in exactly one live process, and the others show it on standby there', async () => {
    const views = await Promise.all([0, 1, 2].map((index) => cluster.request(index, 'GET', '/health/ready')));
    const holders = new Map<string, string[]>();
    for (const [index, view] of views.entries()) {
      expect(view.status, view.text).to.equal(200);
      for (const work of view.body.subscriptions as Array<{ name: string; state: string; heldBy?: string | null }>) {
        if (work.state === 'running' || work.state === 'catching_up') holders.set(work.name, [...(holders.get(work.name) ?? []), cluster.instanceAt(index)]);
        else expect(work.state, `${work.name} in process ${index}`).to.equal('standby');
      }
    }
    const names = (views[0].body.subscriptions as Array<{ name: string }>).map((work) => work.name);
    expect(names).to.include.members(['documents', 'submission', 'submission-scheduler', 'message-delivery']);
    for (const name of names) expect(holders.get(name), name).to.have.length(1);
    for (const view of views) {
      for (const work of view.body.subscriptions as Array<{ name: string; state: string; heldBy?: string | null }>) {
        if (work.state === 'standby') expect(work.heldBy, work.name).to.equal(holders.get(work.name)![0]);
      }
    }
  });

  it('then the numbers are gap-free, none twice, each document has one outcome, and each was claimed for the provider once (again only where the killed process held it)', async () => {
    const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    try {
      const outcomes = await readAllOfTypes(store, { eventTypes: ['DocumentValidated', 'DocumentRejected', 'DocumentSubmissionFailed'] });
      expect(outcomes).to.have.length(TOTAL);
      expect(new Set(outcomes.map((event) => event.streamId)).size).to.equal(TOTAL);
      const numbers = outcomes.map((event) => Number(String(event.data.number).replace('SETP', ''))).sort((a, b) => a - b);
      expect(numbers).to.deep.equal(Array.from({ length: TOTAL }, (_, n) => 990_000_000 + n));

      const claims = new Map<string, string[]>();
      for (const claim of await readAllOfTypes(store, { eventTypes: CLAIMS })) {
        claims.set(claim.streamId, [...(claims.get(claim.streamId) ?? []), String(claim.metadata.instance)]);
      }
      expect(claims.size).to.equal(TOTAL);
      const resumed = [...claims.values()].filter((instances) => instances.length > 1);
      for (const instances of resumed) {
        expect(instances, 'a second claim only after the killed process held the first').to.have.length(2);
        expect(cluster.killed.has(instances[0]), instances.join(' then ')).to.equal(true);
        expect(cluster.killed.has(instances[1]), 'resumed by a live process').to.equal(false);
      }
      // The killed process held at most what its submission process manager had in flight (128 at once).
      expect(resumed.length).to.be.within(1, 128);
    } finally {
      await store.close();
    }
  });
});
