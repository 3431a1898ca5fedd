import { expect } from 'chai';
import { ProjectionRebuild } from '../../../application/rebuilds/projection-rebuild.ts';
import { deliveryScheduleProjection } from '../../../projections/messages/delivery-schedule-projection-definition.ts';
import { messagesProjection } from '../../../projections/messages/messages-projection-definition.ts';
import { http } from '../../support/http.ts';
import type { TestApp } from '../../support/test-app.ts';
import { FixedClock, silentLogger } from '../../support/fixtures.ts';
import { messagingTenant, otpData, startMessagingApp } from '../../support/messaging-app.ts';
import { SmtpTestServer } from '../../support/smtp-test-server.ts';

describe('messages projections are rebuildable (projections rebuild messages | message-schedule)', () => {
  let smtp: SmtpTestServer;
  let app: TestApp;
  const clock = new FixedClock('2026-03-01T12:00:00.000Z');

  before(async () => {
    smtp = await SmtpTestServer.start();
    app = await startMessagingApp({ SMTP_URL: smtp.url }, { clock, messagesSchedulerIntervalMs: 3_600_000 });
  });
  after(async () => {
    await app.close();
    await smtp.close();
  });

  it('given both rebuilt while a retry waits, then the scheduler still finds it due and the retry runs on time', async () => {
    const tenant = await messagingTenant(app);
    smtp.replyAlways(451);
    const { body } = await http(app.baseUrl, 'POST', '/v1/messages', { key: tenant.key, body: { to: 'ana@example.com', template: { slug: 'codigo-otp' }, data: otpData() } });
    await app.settle();

    const rebuild = new ProjectionRebuild(app.container.eventStore, app.container.readModels, app.container.projectionVersions, silentLogger);
    for (const definition of [messagesProjection, deliveryScheduleProjection]) {
      const done = await rebuild.run(definition, { graceMs: 10 });
      expect(done.phase, definition.name).to.equal('done');
      expect(await app.container.projectionVersions.active(definition.name)).to.equal(2);
    }

    smtp.replyAlways(null);
    clock.advance(60_000);
    // The versioned collections look the active version up again after half a second.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await app.container.messages.scheduler.tick()).to.equal(1);
    await app.settle();
    const message = (await http(app.baseUrl, 'GET', `/v1/messages/${body.id}`, { key: tenant.key })).body;
    expect(message.status).to.equal('sent');
    expect(smtp.received).to.have.length(1);
  });
});
