import { expect } from 'chai';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import {
  expectedCude,
  invoiceTo,
  ISSUER_NIT,
  MANUAL_SCHEDULER,
  RECEIVER_NIT,
  receivedDocument,
  sendAll,
  SettableClock,
  trail,
  validatedInvoice,
} from '../../support/acceptance-app.ts';

/**
 * The tacit acceptance (034) with an injected clock: 032 is sent at `receivedAt`; one millisecond before `dueAt`
 * the scheduler records nothing, at `dueAt` it records 034, which the issuer then sees in its invoice's trail.
 */
const CASES = [
  { name: 'across a weekend', receivedAt: '2026-02-05T10:00:00-05:00', dueAt: '2026-02-11T00:00:00-05:00', lastDay: 'Tuesday 10 February' },
  { name: 'across San José moved to Monday 23 March', receivedAt: '2026-03-20T16:00:00-05:00', dueAt: '2026-03-27T00:00:00-05:00', lastDay: 'Thursday 26 March' },
  { name: 'across Holy Week (Holy Thursday and Good Friday)', receivedAt: '2026-04-01T09:00:00-05:00', dueAt: '2026-04-09T00:00:00-05:00', lastDay: 'Wednesday 8 April' },
] as const;

describe('tacit acceptance (034) with an injected clock', () => {
  const clock = new SettableClock('2026-02-02T09:00:00-05:00');
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;

  before(async () => {
    app = await startTestApp({}, { clock, ...MANUAL_SCHEDULER });
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
  });
  after(() => app.close());

  async function creditInvoiceReceivedAt(receivedAt: string, codes: string[] = ['030', '032']) {
    clock.set(receivedAt);
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit: true }));
    await sendAll(app, receiver, invoice.id, codes);
    await app.settle();
    return invoice;
  }

  const tick = async () => {
    const recorded = await app.container.acceptance.scheduler.tick();
    await app.settle();
    return recorded;
  };

  for (const { name, receivedAt, dueAt, lastDay } of CASES) {
    it(`${name}: 032 at ${receivedAt} → 034 at ${dueAt}, once ${lastDay} has passed`, async () => {
      const invoice = await creditInvoiceReceivedAt(receivedAt);
      expect((await receivedDocument(app, receiver, invoice.id)).acceptance).to.deep.equal({
        status: 'goods_received',
        tacit_acceptance_due_at: new Date(dueAt).toISOString(),
      });

      clock.set(new Date(Date.parse(dueAt) - 1).toISOString());
      expect(await tick()).to.equal(0);
      expect((await trail(app, issuer, invoice.id)).map((e) => e.code)).to.deep.equal(['030', '032']);

      clock.set(dueAt);
      expect(await tick()).to.equal(1);
      const events = await trail(app, issuer, invoice.id);
      expect(events.map((e) => e.code)).to.deep.equal(['030', '032', '034']);
      const tacit = events[2];
      expect(tacit).to.deep.include({ name: 'Aceptación tácita', number: '3', effective_at: new Date(dueAt).toISOString() });
      expect(tacit.actor).to.deep.equal({ role: 'issuer', nit: ISSUER_NIT, name: `Company ${ISSUER_NIT}` });
      expect(tacit.unique_code).to.equal(expectedCude(tacit, invoice.number, RECEIVER_NIT));
      expect((await receivedDocument(app, receiver, invoice.id)).acceptance).to.deep.equal({ status: 'tacitly_accepted', tacit_acceptance_due_at: null });

      expect(await tick()).to.equal(0);
      expect(await trail(app, issuer, invoice.id)).to.have.length(3);
    });
  }

  for (const [code, status] of [['033', 'accepted'], ['031', 'claimed']] as const) {
    it(`given ${code} before the deadline, when it passes, then no 034 is recorded`, async () => {
      const invoice = await creditInvoiceReceivedAt('2026-05-04T10:00:00-05:00', code === '031' ? ['030', '032', '031'] : ['030', '032', '033']);
      clock.set('2026-06-30T00:00:00-05:00');
      await tick();
      expect((await trail(app, issuer, invoice.id)).map((e) => e.code)).to.deep.equal(['030', '032', code]);
      expect((await receivedDocument(app, receiver, invoice.id)).acceptance.status).to.equal(status);
    });
  }

  it('given a deadline settled by 034, then its timer leaves the schedule; one brought back by an older event handled late is dropped when due, with no 034 again', async () => {
    const receivedAt = '2026-07-06T10:00:00-05:00';
    const invoice = await creditInvoiceReceivedAt(receivedAt);
    const key = { tenantId: '*', environment: 'tacit-acceptance', id: invoice.id };
    const pending = await app.container.acceptance.schedule.get(key);
    expect(pending, 'a deadline pending has its timer').to.not.equal(null);
    clock.set(pending!.dueAt!);
    expect(await tick()).to.equal(1);
    expect(await app.container.acceptance.schedule.get(key), 'the settled timer is removed').to.equal(null);

    await app.container.acceptance.schedule.upsert(key, 1n, pending!);
    expect(await tick()).to.equal(0);
    expect(await app.container.acceptance.schedule.get(key)).to.equal(null);
    expect((await trail(app, issuer, invoice.id)).map((e) => e.code)).to.deep.equal(['030', '032', '034']);
  });

  it('given 033 before the deadline, then the timer leaves the schedule at once', async () => {
    const invoice = await creditInvoiceReceivedAt('2026-08-03T10:00:00-05:00', ['030', '032']);
    const key = { tenantId: '*', environment: 'tacit-acceptance', id: invoice.id };
    expect(await app.container.acceptance.schedule.get(key)).to.not.equal(null);
    await sendAll(app, receiver, invoice.id, ['033']);
    await app.settle();
    expect(await app.container.acceptance.schedule.get(key)).to.equal(null);
  });

  it('given a cash invoice (payment form 1), when three business days pass after 032, then no 034 is recorded', async () => {
    clock.set('2026-05-04T10:00:00-05:00');
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, invoice.id, ['030', '032']);
    await app.settle();
    expect((await receivedDocument(app, receiver, invoice.id)).acceptance.tacit_acceptance_due_at).to.equal(null);
    clock.set('2026-06-30T00:00:00-05:00');
    await tick();
    expect((await trail(app, issuer, invoice.id)).map((e) => e.code)).to.deep.equal(['030', '032']);
  });
});
