import { expect } from 'chai';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';
import { startDianDouble, type DianDouble } from '../../support/dian-double/dian-double.ts';

const INVOICES = 50;
const OUTAGE_MS = 5 * 60_000;
const STEP_MS = 10_000;

/** A seeded generator, so the retries' jitter differs between documents but not between runs. */
function seeded(seed = 11): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

describe('A DIAN outage of 5 minutes in the middle of 50 invoices (clock-injected, against the DIAN double)', function () {
  this.timeout(240_000);
  let double: DianDouble;
  let app: TestApp;
  const clock = new FixedClock('2026-05-06T15:00:00.000Z');

  before(async () => {
    double = await startDianDouble({ now: () => clock.now() });
    app = await startTestApp(
      { PROVIDER: 'dian', DIAN_URL: double.url, DIAN_TIMEOUT_MS: '2000' },
      { clock, submissionRandom: seeded(), submissionSchedulerIntervalMs: 3_600_000 },
    );
  });

  after(async () => {
    await app.close();
    await double.close();
  });

  it('given DIAN drops every connection for 5 minutes after 25 invoices, then all 50 end validated, each sent to DIAN exactly once', async () => {
    const tenant = await app.createTenant();
    const status = async (id: string) => (await app.container.aggregates.load(documentStreamId(salesInvoiceFamily, id), documentDecider)).state;
    const post = async (index: number) =>
      (await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': `dian-outage-${index}` } })).body.id as string;

    const ids: string[] = [];
    for (let index = 0; index < INVOICES / 2; index += 1) ids.push(await post(index));
    await app.settle();
    double.outage('reset');
    const outageStarted = clock.now().getTime();
    for (let index = INVOICES / 2; index < INVOICES; index += 1) ids.push(await post(index));

    let requestsDuringOutage = 0;
    for (let elapsed = 0; elapsed <= 60 * 60_000; elapsed += STEP_MS) {
      if (clock.now().getTime() - outageStarted >= OUTAGE_MS && requestsDuringOutage === 0) {
        requestsDuringOutage = double.requests.filter((request) => request.httpStatus === 'reset').length;
        double.outage(false);
      }
      await app.settle();
      await app.container.submission.scheduler.tick();
      await app.settle();
      const states = await Promise.all(ids.map(status));
      if (requestsDuringOutage > 0 && states.every((state) => state.status !== 'sent' && state.status !== 'pending')) break;
      clock.advance(STEP_MS);
    }

    const states = await Promise.all(ids.map(status));
    expect(states.filter((state) => state.status !== 'validated').map((state) => `${state.id}: ${state.status} ${state.failureReason ?? ''}`)).to.deep.equal([]);
    expect(new Set(states.map((state) => state.number)).size).to.equal(INVOICES);
    for (const state of states) expect(double.sendsOf(state.uniqueCode as string), `${state.number} sends`).to.equal(1);
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal([]);
    // The outage was felt (attempts failed and were retried) but the breaker kept calls far below one per step per invoice.
    expect(requestsDuringOutage).to.be.above(0);
    expect(requestsDuringOutage).to.be.below(INVOICES * 4);
    // The invoices posted during the outage lost their first attempt with the connection (no answer is not an answer):
    // each later attempt asked GetStatus by the CUFE first, and sent only after DIAN said it held nothing.
    for (const state of states.slice(INVOICES / 2)) {
      const asked = double.requests.findIndex((request) => request.operation === 'GetStatus' && request.trackId === state.uniqueCode);
      const sent = double.requests.findIndex((request) => request.operation === 'SendBillSync' && request.documents.some((document) => document.uniqueCode === state.uniqueCode));
      expect(asked, `${state.number} asked`).to.be.at.least(0);
      expect(asked, `${state.number} asked before sending`).to.be.below(sent);
    }
  });
});
