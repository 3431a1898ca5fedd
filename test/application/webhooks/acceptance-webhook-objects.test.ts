import { expect } from 'chai';
import { acceptanceStreamId } from '../../../domain/acceptance/acceptance-events.ts';
import { LogWebhookObjects } from '../../../application/webhooks/log-webhook-objects.ts';
import type { WebhookEvent } from '../../../application/webhooks/webhook-event.ts';
import { webhookEventsOf } from '../../../application/webhooks/webhook-events-of.ts';
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
import { expectSchema } from '../../support/api-test-helpers.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

/** RADIAN events on the SQLite store: the issuer sees the event as its trail lists it, the receiver its received document. */
describe('webhook objects of acceptance events (document.acceptance_event)', () => {
  const clock = new SettableClock('2026-02-05T10:00:00-05:00');
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;
  let objects: LogWebhookObjects;

  before(async () => {
    app = await startTestApp({}, { clock, ...MANUAL_SCHEDULER });
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
    objects = new LogWebhookObjects(app.container.eventStore);
  });
  after(() => app.close());

  const trailEvents = (invoiceId: string) => app.container.eventStore.readStream(acceptanceStreamId(invoiceId));
  const notificationsOf = async (invoiceId: string): Promise<WebhookEvent[]> => (await trailEvents(invoiceId)).flatMap(webhookEventsOf);
  const objectOf = async (event: WebhookEvent) => {
    const data = await objects.dataOf(event);
    expect(data.family).to.equal('sales-invoice');
    return data.object as Record<string, any>;
  };

  it('030 sent by the receiver: the issuer gets the event as GET …/events lists it, the receiver its received document then', async () => {
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, invoice.id, ['030']);
    const issuerView = (await trail(app, issuer, invoice.id))[0];
    const receiverView = await receivedDocument(app, receiver, invoice.id);

    const notifications = await notificationsOf(invoice.id);
    expect(notifications.map((event) => [event.type, event.tenantId, event.subject])).to.deep.equal([
      ['document.acceptance_event', issuer.tenantId, invoice.id],
      ['document.acceptance_event', receiver.tenantId, invoice.id],
    ]);
    const toIssuer = await objectOf(notifications[0]);
    const links = { self: `/invoices/v1/sales-invoices/${invoice.id}`, events: `/invoices/v1/sales-invoices/${invoice.id}/events` };
    expect(toIssuer).to.deep.equal({ ...issuerView, invoice: { id: invoice.id, number: invoice.number, links } });
    expectSchema('WebhookAcceptanceEvent', toIssuer);
    expect(await objectOf(notifications[1])).to.deep.equal(receiverView);
  });

  it('each event’s objects stay as they were when it happened, while later events extend the trail', async () => {
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, invoice.id, ['030']);
    const [firstToIssuer, firstToReceiver] = await notificationsOf(invoice.id);
    const before = JSON.stringify([await objects.dataOf(firstToIssuer), await objects.dataOf(firstToReceiver)]);

    await sendAll(app, receiver, invoice.id, ['032', '033']);

    expect(JSON.stringify([await objects.dataOf(firstToIssuer), await objects.dataOf(firstToReceiver)])).to.equal(before);
    const asReceived = await objectOf(firstToReceiver);
    expect(asReceived.events.map((event: { code: string }) => event.code)).to.deep.equal(['030']);
    expect(asReceived.acceptance.status).to.equal('acknowledged');
    const notifications = await notificationsOf(invoice.id);
    expect(notifications).to.have.length(6);
    const lastToIssuer = await objectOf(notifications[4]);
    expect(lastToIssuer).to.include({ code: '033', number: '3' });
    const lastToReceiver = await objectOf(notifications[5]);
    expect(lastToReceiver).to.deep.equal(await receivedDocument(app, receiver, invoice.id));
    expect(lastToReceiver.acceptance.status).to.equal('accepted');
  });

  it('the issuer’s tacit acceptance (034) is recorded with the receiving company, which is told of it too', async () => {
    clock.set('2026-02-05T10:00:00-05:00');
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit: true }));
    await sendAll(app, receiver, invoice.id, ['030', '032']);
    await app.settle();
    clock.set('2026-02-11T00:00:00-05:00');
    expect(await app.container.acceptance.scheduler.tick()).to.equal(1);
    await app.settle();

    const tacit = (await trailEvents(invoice.id)).find((event) => event.data.code === '034')!;
    expect(tacit.data.receiverTenantIds).to.deep.equal([receiver.tenantId]);
    expect(tacit.metadata.tenantId).to.equal(issuer.tenantId);
    const told = webhookEventsOf(tacit);
    expect(told.map((event) => event.tenantId)).to.deep.equal([issuer.tenantId, receiver.tenantId]);
    const toIssuer = await objectOf(told[0]);
    expect(toIssuer).to.include({ code: '034', name: 'Aceptación tácita' });
    expect(toIssuer.actor).to.deep.include({ role: 'issuer', nit: ISSUER_NIT });
    const toReceiver = await objectOf(told[1]);
    expect(toReceiver.acceptance).to.deep.equal({ status: 'tacitly_accepted', tacit_acceptance_due_at: null });
    expectSchema('ReceivedDocument', toReceiver);
  });

  it('a NIT registered by two companies: a 034 tells both, as both see the received document; a 030 tells the one that sent it', async () => {
    const twin = await app.createTenant({ nit: RECEIVER_NIT });
    clock.set('2026-03-02T10:00:00-05:00');
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit: true }));
    await sendAll(app, twin, invoice.id, ['030', '032']);
    await app.settle();
    clock.set('2026-03-06T00:00:00-05:00');
    expect(await app.container.acceptance.scheduler.tick()).to.equal(1);
    await app.settle();

    const told = (await notificationsOf(invoice.id)).map((event) => [event.tenantId, event.id.endsWith('_received')]);
    expect(told).to.deep.equal([
      [issuer.tenantId, false],
      [twin.tenantId, true],
      [issuer.tenantId, false],
      [twin.tenantId, true],
      [issuer.tenantId, false],
      [receiver.tenantId, true],
      [twin.tenantId, true],
    ]);
  });
});
