import { expect } from 'chai';
import { rmSync } from 'node:fs';
import { http } from '../../support/http.ts';
import type { TestApp } from '../../support/test-app.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { messagingTenant, newDataDir, otpData, startMessagingApp, type MessagingTenant } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';

const T0 = '2026-03-01T12:00:00.000Z';
const at = (minutes: number) => new Date(new Date(T0).getTime() + minutes * 60_000).toISOString();
const MINUTE = 60_000;

/**
 * The retry schedule with an injected clock: no real waiting. Background polling is off (one poll an hour of real
 * time); each step moves the clock, runs one scheduler poll and waits for the projections.
 */
describe('message delivery: durable retries after 1, 5, 15 and 60 minutes', () => {
  let smtp: SmtpTestServer;
  let dataDir: string;
  let clock: FixedClock;
  let app: TestApp;
  let tenant: MessagingTenant;

  const open = () => startMessagingApp({ DATA_DIR: dataDir, SMTP_URL: smtp.url }, { clock, messagesSchedulerIntervalMs: 3_600_000 });
  const message = async (id: string) => (await http(app.baseUrl, 'GET', `/v1/messages/${id}`, { key: tenant.key })).body;
  const attempts = async (id: string) => (await message(id)).events.filter((e: { type: string }) => e.type === 'attempt_started').map((e: { at: string }) => e.at);
  async function step(ms: number): Promise<void> {
    clock.advance(ms);
    await app.container.messages.scheduler.tick();
    await app.settle();
  }
  async function send(): Promise<string> {
    const answer = await http(app.baseUrl, 'POST', '/v1/messages', { key: tenant.key, body: { to: 'ana@example.com', template: { slug: 'codigo-otp' }, data: otpData() } });
    expect(answer.status, answer.text).to.equal(202);
    await app.settle();
    return answer.body.id;
  }

  beforeEach(async () => {
    smtp = await SmtpTestServer.start();
    dataDir = newDataDir();
    clock = new FixedClock(T0);
    app = await open();
    tenant = await messagingTenant(app);
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a relay answering 4xx, then attempts at 0, +1, +6, +21 and +81 minutes (none early), each an event, then failed', async () => {
    smtp.replyAlways(451);
    const id = await send();
    expect(await attempts(id)).to.deep.equal([at(0)]);
    expect((await message(id)).nextAttemptAt).to.equal(at(1));

    await step(MINUTE - 1);
    expect(await attempts(id), 'nothing before the minute').to.deep.equal([at(0)]);
    await step(1);
    await step(5 * MINUTE - 1);
    expect(await attempts(id), 'nothing before the next 5 minutes').to.have.length(2);
    await step(1);
    await step(15 * MINUTE);
    await step(60 * MINUTE);

    const final = await message(id);
    expect(final.status).to.equal('failed');
    expect(final.statusDetail).to.contain('451');
    expect(await attempts(id)).to.deep.equal([at(0), at(1), at(6), at(21), at(81)]);
    const failures = final.events.filter((e: { type: string }) => e.type === 'attempt_failed');
    expect(failures.map((e: { nextAttemptAt: string | null }) => e.nextAttemptAt)).to.deep.equal([at(1), at(6), at(21), at(81), null]);
    expect(failures.every((e: { failure: string }) => e.failure === 'temporary')).to.equal(true);
    expect(final.events.map((e: { type: string }) => e.type).slice(-2)).to.deep.equal(['attempt_failed', 'failed']);

    await step(24 * 60 * MINUTE);
    expect(await attempts(id), 'a failed message is never retried').to.have.length(5);
    expect(smtp.received).to.have.length(0);
  });

  it('given a restart in the middle of the schedule, then the new process resumes it from the data and delivers once', async () => {
    smtp.replyAlways(451);
    const id = await send();
    await step(MINUTE);
    expect(await attempts(id)).to.deep.equal([at(0), at(1)]);

    await app.close();
    clock.advance(5 * MINUTE);
    app = await open();
    await app.container.messages.scheduler.tick();
    await app.settle();
    expect(await attempts(id), 'the third attempt, due at +6, ran in the new process').to.deep.equal([at(0), at(1), at(6)]);

    smtp.replyAlways(null);
    await step(15 * MINUTE - 1);
    expect(await attempts(id)).to.have.length(3);
    await step(1);

    const final = await message(id);
    expect(final.status).to.equal('sent');
    expect(await attempts(id)).to.deep.equal([at(0), at(1), at(6), at(21)]);
    expect(final.events.at(-1)).to.deep.include({ type: 'sent', attempt: 4, at: at(21) });
    expect(smtp.received).to.have.length(1);
    expect(smtp.received[0].mail.subject).to.contain('código de verificación');
    await step(60 * MINUTE);
    expect(smtp.received, 'nothing sent again').to.have.length(1);
  });

  it('given a relay answering 5xx, then the message fails at once, with no retry scheduled', async () => {
    smtp.replyNext(550);
    const id = await send();
    const final = await message(id);
    expect(final.status).to.equal('failed');
    expect(final.events.map((e: { type: string }) => e.type)).to.deep.equal(['queued', 'attempt_started', 'attempt_failed', 'failed']);
    expect(final.events[2]).to.deep.include({ failure: 'permanent', nextAttemptAt: null });
    await step(2 * 60 * MINUTE);
    expect(await attempts(id)).to.have.length(1);
  });

  it('given a relay that accepts, then sent at the first attempt', async () => {
    const id = await send();
    const final = await message(id);
    expect(final.status).to.equal('sent');
    expect(final.events.map((e: { type: string }) => e.type)).to.deep.equal(['queued', 'attempt_started', 'sent']);
    expect(smtp.received).to.have.length(1);
  });

  it('given a message sent, then its timer leaves the schedule; one brought back by an older event handled late is dropped when due, with nothing sent again', async () => {
    smtp.replyNext(451);
    const id = await send();
    const key = { tenantId: '*', environment: 'message-deliveries', id };
    const schedule = app.container.messages.schedule;
    expect(await schedule.get(key), 'due again after the failed attempt').to.deep.include({ dueAt: at(1) });
    await step(MINUTE);
    expect((await message(id)).status).to.equal('sent');
    expect(await schedule.get(key), 'the settled timer is removed').to.equal(null);

    await schedule.upsert(key, 1n, { messageId: id, tenantId: tenant.tenantId, environment: 'test', dueAt: at(1) });
    expect(await app.container.messages.scheduler.tick()).to.equal(1);

    expect(await schedule.get(key)).to.equal(null);
    expect(smtp.received, 'nothing sent again').to.have.length(1);
    expect(await attempts(id)).to.deep.equal([at(0), at(1)]);
  });
});
