import { expect } from 'chai';
import type { DocumentProvider } from '../../../application/ports/document-provider.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import { FactusDouble } from '../../support/factus/double/factus-double.ts';
import { clockSleep, factusAgainst } from '../../support/factus/factus-fixtures.ts';
import { ScriptedProvider } from '../../support/scripted-provider.ts';

const DOCUMENTS = 20;
const OUTAGE_MS = 8 * 60_000;
const STEP_MS = 10_000;

/** A provider under test: switched down and up, and asked how many calls reached it and how many documents it holds. */
interface Subject {
  provider: DocumentProvider;
  setDown(down: boolean): void;
  calls(): number;
  /** Documents the provider created, per our document id. */
  creations(): Map<string, number>;
}

/** A seeded generator, so the jitter differs between documents but not between runs. */
function seeded(seed = 7): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

async function outage(clock: FixedClock, subject: Subject): Promise<void> {
  const app: TestApp = await startTestApp({}, { clock, provider: subject.provider, submissionRandom: seeded(), submissionSchedulerIntervalMs: 3_600_000 });
  try {
    const tenant = await app.createTenant();
    subject.setDown(true);
    const ids: string[] = [];
    for (let index = 0; index < DOCUMENTS; index += 1) {
      const created = await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': `outage-${index}` } });
      ids.push(created.body.id);
    }
    const startedAt = clock.now().getTime();
    let callsWhileDown = 0;
    const statuses = async () =>
      Promise.all(ids.map(async (id) => (await app.container.aggregates.load(documentStreamId(salesInvoiceFamily, id), documentDecider)).state.status));

    for (let elapsed = 0; elapsed <= 40 * 60_000; elapsed += STEP_MS) {
      if (elapsed >= OUTAGE_MS && callsWhileDown === 0) {
        callsWhileDown = subject.calls();
        subject.setDown(false);
      }
      await app.settle();
      await app.container.submission.scheduler.tick();
      await app.settle();
      if ((await statuses()).every((status) => status !== 'sent' && status !== 'pending')) break;
      clock.advance(STEP_MS);
    }

    const final = await statuses();
    expect(final.filter((status) => status !== 'validated'), `after ${(clock.now().getTime() - startedAt) / 60_000} min`).to.deep.equal([]);
    for (const id of ids) {
      const events = await app.container.eventStore.readStream(documentStreamId(salesInvoiceFamily, id));
      expect(events.filter((event) => event.type === 'DocumentValidated'), id).to.have.length(1);
      expect(events.some((event) => event.type === 'DocumentSubmissionFailed'), id).to.equal(false);
      expect(subject.creations().get(id) ?? 0, id).to.equal(1);
    }
    // Without the circuit breaker every document would have called about 8 times during the outage.
    expect(callsWhileDown).to.be.below(DOCUMENTS * 2);
  } finally {
    await app.close();
  }
}

describe('A provider outage of several minutes (clock-injected)', () => {
  it('given a scripted provider down for 8 minutes, then every document ends validated, none failed or duplicated, and the breaker kept calls down', async () => {
    const provider = new ScriptedProvider('connection refused');
    const clock = new FixedClock('2026-05-06T15:00:00.000Z');
    await outage(clock, {
      provider,
      setDown: (down) => (provider.down = down),
      calls: () => provider.calls.length,
      creations: () => new Map([...provider.numbers.keys()].map((id) => [id, 1])),
    });
  });

  it('given Factus answering 503 for 8 minutes, then the same, checked on the requests that reached the double', async () => {
    const clock = new FixedClock('2026-05-06T15:00:00.000Z');
    const double = new FactusDouble(() => clock.now());
    await double.start();
    try {
      await outage(clock, {
        provider: factusAgainst(double, clock, { sleep: clockSleep(clock) }),
        setDown: (down) => (double.down = down),
        calls: () => double.requests.length,
        creations: () => double.handlers.creations,
      });
      const posts = double.submissions();
      expect(new Set(posts).size).to.equal(DOCUMENTS);
    } finally {
      await double.close();
    }
  });
});
