import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAllOfTypes } from '../../application/event-sourcing/read-all-of-types.ts';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { Cluster, waitUntil } from './support/cluster.ts';
import { UNLIMITED_PROVIDER_CONCURRENCY } from '../../infrastructure/composition/submission-module.ts';

const TOTAL = 1_000;
const KILL_AFTER = 500;
const BASE = '/invoices/v1/sales-invoices';
const CLAIMS = ['DocumentSubmissionStarted', 'DocumentSubmissionRetryStarted'];
const OUTCOMES = ['DocumentValidated', 'DocumentRejected', 'DocumentSubmissionFailed'];

/** Claims for the provider by each instance, and how many of them have no outcome on the log yet. */
async function claimsIn(store: SqliteEventStore): Promise<Map<string, { claims: number; open: number }>> {
  const decided = new Set((await readAllOfTypes(store, { eventTypes: OUTCOMES })).map((event) => event.streamId));
  const byInstance = new Map<string, { claims: number; open: number }>();
  for (const claim of await readAllOfTypes(store, { eventTypes: CLAIMS })) {
    const seen = byInstance.get(String(claim.metadata.instance)) ?? { claims: 0, open: 0 };
    byInstance.set(String(claim.metadata.instance), { claims: seen.claims + 1, open: seen.open + (decided.has(claim.streamId) ? 0 : 1) });
  }
  return byInstance;
}

describe('Three processes on one DATA_DIR with the built-in sandbox: 1,000 invoices, one process SIGKILLed midway', function () {
  this.timeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-three-sandbox-'));
  let cluster: Cluster;
  let lastLook = '';
  /** Opened once: the kill looks every 20 ms while the processes are under load. */
  let log: SqliteEventStore | undefined;
  /** Whether `instance` holds claims whose outcome is not on the log yet; what was seen is kept for a failure's message. */
  const holdsClaims = async (instance: string) => {
    log ??= new SqliteEventStore(join(dataDir, 'events.sqlite'));
    const claims = await claimsIn(log);
    lastLook = `looking for ${instance}; claims (open) by instance: ${[...claims].map(([id, seen]) => `${id} ${seen.claims} (${seen.open})`).join(', ') || 'none'}`;
    return (claims.get(instance)?.open ?? 0) > 0;
  };

  before(async () => {
    // A sandbox slow enough that each claim stays open a while. The scheduler resumes the killed process's claims up to
    // 100 at a time (8 before: with a 1 s delay, the test then took 72 s to see all validated).
    cluster = await Cluster.start(3, dataDir, { SANDBOX_DELAY_MS: '500', SUBMISSION_LEASE_S: '10' });
    await cluster.spread();
  });

  after(async () => {
    await log?.close();
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given 1,000 invoices posted round-robin to three processes and the one submitting them killed midway and restarted, then every one is validated', async () => {
    const keys = Array.from({ length: TOTAL }, (_, n) => `three-sandbox-${String(n).padStart(5, '0')}`);
    // The work is spread as assigned (before), and stays so until a process leaves: its holder now holds it at the kill.
    // Killed only once it has claims whose outcome is not recorded yet. Not at once: the 1,000 POSTs can be over within
    // a few seconds, and under load its process manager can still be behind the documents accepted so far.
    const victim = await cluster.holderOf('submission');
    const accepted = await cluster
      .issueKilling(BASE, keys, { width: 12, body: sampleInvoice, killAfter: KILL_AFTER, victim, until: holdsClaims })
      .catch((error: Error) => expect.fail(`${error.message} (last look: ${lastLook})`));
    expect(new Set(accepted.values()).size).to.equal(TOTAL);
    await waitUntil(
      async () => {
        const answer = await cluster.request(0, 'GET', `${BASE}?status=validated&per_page=1`);
        // 503 (a store busy or unreachable for a moment, Retry-After) is the service's answer to a passing fault: ask
        // again. Anything else but 200 fails here with what it said (once, in a full suite run, an answer without
        // `pagination` failed this wait with a TypeError, and what it was went unrecorded).
        if (answer.status === 503) return false;
        expect(answer.status, answer.text).to.equal(200);
        return answer.body.pagination.total === TOTAL;
      },
      180_000,
      'every invoice to be validated',
    );
  });

  it('then, once the restarted process has its share, every projection, process manager and scheduler runs in exactly one live process, and the others show it on standby there', async () => {
    type Work = { name: string; state: string; heldBy?: string | null };
    // A hand-over to the restarted process leaves a piece of work unheld for up to a tick: look until it settles.
    let problems: string[] = ['not looked yet'];
    await waitUntil(
      async () => {
        const views = await Promise.all([0, 1, 2].map((index) => cluster.request(index, 'GET', '/health/ready')));
        const holders = new Map<string, string[]>();
        problems = [];
        for (const [index, view] of views.entries()) {
          if (view.status !== 200) problems.push(`process ${index} answered ${view.status}`);
          for (const work of view.body.subscriptions as Work[]) {
            if (work.state === 'running' || work.state === 'catching_up') holders.set(work.name, [...(holders.get(work.name) ?? []), cluster.instanceAt(index)]);
            else if (work.state !== 'standby') problems.push(`${work.name} is ${work.state} in process ${index}`);
          }
        }
        const names = (views[0].body.subscriptions as Work[]).map((work) => work.name);
        for (const name of names) if (holders.get(name)?.length !== 1) problems.push(`${name} runs in ${holders.get(name)?.length ?? 0} processes`);
        for (const view of views) {
          for (const work of view.body.subscriptions as Work[]) {
            if (work.state === 'standby' && work.heldBy !== holders.get(work.name)?.[0]) problems.push(`${work.name} shown held by ${work.heldBy}`);
          }
        }
        if (!names.includes('submission') || !names.includes('submission-scheduler')) problems.push(`unexpected work names: ${names.join(', ')}`);
        return problems.length === 0 && new Set([...holders.values()].flat()).size === 3;
      },
      30_000,
      'the work to settle',
    ).catch((error: Error) => expect.fail(`${error.message}: ${problems.join('; ')}`));
  });

  it('then the numbers are gap-free, none twice, each document has one outcome, and each was claimed for the provider once (again only where the killed process held it)', async () => {
    const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    try {
      const outcomes = await readAllOfTypes(store, { eventTypes: OUTCOMES });
      expect(outcomes).to.have.length(TOTAL);
      expect(new Set(outcomes.map((event) => event.streamId)).size).to.equal(TOTAL);
      const numbers = outcomes.map((event) => Number(String(event.data.number).replace('SETP', ''))).sort((a, b) => a - b);
      expect(numbers).to.deep.equal(Array.from({ length: TOTAL }, (_, n) => 990_000_000 + n));

      // Every claim of a document, with the end of its lease: a later claim may only come once the one before lapsed.
      const claims = new Map<string, Array<{ instance: string; at: number; leaseUntil: number }>>();
      for (const claim of await readAllOfTypes(store, { eventTypes: CLAIMS })) {
        const entry = { instance: String(claim.metadata.instance), at: Date.parse(String(claim.data.at)), leaseUntil: Date.parse(String(claim.data.leaseUntil)) };
        claims.set(claim.streamId, [...(claims.get(claim.streamId) ?? []), entry]);
      }
      expect(claims.size).to.equal(TOTAL);
      for (const [stream, made] of claims) {
        for (let n = 1; n < made.length; n += 1) {
          expect(made[n].at, `${stream}: claim ${n + 1} while claim ${n} (${made[n - 1].instance}) still held it`).to.be.at.least(made[n - 1].leaseUntil);
        }
      }
      const resumed = [...claims.values()].filter((made) => made.length > 1);
      expect(resumed.length, 'documents the killed process held were resumed by another').to.be.greaterThan(0);
      expect(resumed.filter((made) => cluster.killed.has(made[0].instance)).length).to.equal(resumed.length);
      // The killed process held at most what its submission process manager had in flight at once.
      expect(resumed.length).to.be.at.most(UNLIMITED_PROVIDER_CONCURRENCY);
    } finally {
      await store.close();
    }
  });
});
