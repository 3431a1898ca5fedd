import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import {
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

/** The deadline is data (event + read model of due work), so a new process over the same DATA_DIR still honours it. */
describe('tacit acceptance deadline across a restart', () => {
  const DUE_AT = '2026-03-27T00:00:00-05:00';
  let dataDir: string;
  let app: TestApp | undefined;
  let issuer: TestTenant;
  let receiver: TestTenant;
  let invoiceId: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'acceptance-restart-'));
    const clock = new SettableClock('2026-03-20T16:00:00-05:00');
    const first = await startTestApp({ DATA_DIR: dataDir }, { clock, ...MANUAL_SCHEDULER });
    issuer = await first.createTenant({ nit: ISSUER_NIT });
    receiver = await first.createTenant({ nit: RECEIVER_NIT });
    invoiceId = (await validatedInvoice(first, issuer, invoiceTo(RECEIVER_NIT, { credit: true }))).id;
    await sendAll(first, receiver, invoiceId, ['030', '032']);
    await first.settle();
    expect((await receivedDocument(first, receiver, invoiceId)).acceptance.tacit_acceptance_due_at).to.equal(new Date(DUE_AT).toISOString());
    // The process stops on Friday 20 March, long before the deadline.
    await first.close();
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('given a restart on Tuesday 24 March, when polled then, then nothing; when the clock reaches the deadline, then the new process records 034', async () => {
    const clock = new SettableClock('2026-03-24T12:00:00-05:00');
    app = await startTestApp({ DATA_DIR: dataDir }, { clock, ...MANUAL_SCHEDULER });
    await app.settle();

    expect(await app.container.acceptance.scheduler.tick()).to.equal(0);
    clock.set(DUE_AT);
    expect(await app.container.acceptance.scheduler.tick()).to.equal(1);
    await app.settle();

    expect((await trail(app, issuer, invoiceId)).map((event) => event.code)).to.deep.equal(['030', '032', '034']);
  });
});

describe('tacit acceptance deadline across a restart, found by the background poll', () => {
  let dataDir: string;
  let app: TestApp | undefined;

  after(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given the process restarted after the deadline passed while it was down, when its poll runs, then 034 is recorded without any request', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'acceptance-restart-poll-'));
    const clock = new SettableClock('2026-04-01T09:00:00-05:00');
    const first = await startTestApp({ DATA_DIR: dataDir }, { clock, ...MANUAL_SCHEDULER });
    const issuer = await first.createTenant({ nit: ISSUER_NIT });
    const receiver = await first.createTenant({ nit: RECEIVER_NIT });
    const { id } = await validatedInvoice(first, issuer, invoiceTo(RECEIVER_NIT, { credit: true }));
    await sendAll(first, receiver, id, ['030', '032']);
    await first.settle();
    await first.close();

    clock.set('2026-04-13T08:00:00-05:00');
    app = await startTestApp({ DATA_DIR: dataDir }, { clock, acceptanceSchedulerIntervalMs: 25 });
    let codes: string[] = [];
    for (let attempt = 0; attempt < 200 && codes.length < 3; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      codes = (await trail(app, issuer, id)).map((event) => event.code);
    }
    expect(codes).to.deep.equal(['030', '032', '034']);
  });
});
