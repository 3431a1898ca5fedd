import { expect } from 'chai';
import { documentStreamId, familyNamed } from '../../../domain/documents/families/index.ts';
import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import { messageStreamId } from '../../../application/messages/message-streams.ts';
import { LogWebhookObjects } from '../../../application/webhooks/log-webhook-objects.ts';
import type { WebhookEvent } from '../../../application/webhooks/webhook-event.ts';
import { webhookEventsOf } from '../../../application/webhooks/webhook-events-of.ts';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { create, issueValidated, noteBody, PATHS, read, record, REJECTED_IDENTIFICATION, remove, supportDocumentBody } from '../../support/family-test-helpers.ts';
import { http } from '../../support/http.ts';
import { createDraft, issue, post } from '../../support/invoice-management/invoice-steps.ts';
import { CLI, startMessagingApp } from '../../support/messaging-app.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import type { TestApp, TestTenant } from '../../support/test-app.ts';
import { getMessage, otpRequest, postMessage } from '../../api/messages/message-test-helpers.ts';

/** Over the SQLite store, with documents and messages made through the API: each object is what GET showed then. */
describe('webhook objects: the resource as its GET showed it right after the event', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let objects: LogWebhookObjects;

  before(async () => {
    app = await startMessagingApp();
    tenant = await app.createTenant({ scopes: ['invoices:read', 'invoices:write', 'messages:send'] });
    objects = new LogWebhookObjects(app.container.eventStore);
  });
  after(() => app.close());

  const notificationsOf = async (streamId: string): Promise<WebhookEvent[]> => (await app.container.eventStore.readStream(streamId)).flatMap(webhookEventsOf);
  const documentNotifications = (family: DocumentFamilyName, id: string) => notificationsOf(documentStreamId(familyNamed(family), id));
  const history = async (family: keyof typeof PATHS, id: string) => (await http(app.baseUrl, 'GET', `${PATHS[family]}/${id}/history`, { key: tenant.key })).body;
  const withoutEmails = ({ emails: _emails, ...rest }: Record<string, any>) => rest;

  /** Every notification's object is the `state` its event shows in GET {base}/{id}/history, and a DocumentRecord. */
  async function expectObjectsAsHistory(family: keyof typeof PATHS, id: string, types: string[]): Promise<Record<string, any>[]> {
    const notifications = await documentNotifications(family, id);
    expect(notifications.map((event) => event.type)).to.deep.equal(types);
    const { events } = await history(family, id);
    const objectsSent = [];
    for (const notification of notifications) {
      const data = await objects.dataOf(notification);
      expect(data.family).to.equal(family);
      const entry = events.find((candidate: { event_id: string }) => candidate.event_id === notification.source!.eventId);
      expect(data.object, notification.type).to.deep.equal(entry.state);
      expectSchema('DocumentRecord', data.object);
      objectsSent.push(data.object);
    }
    return objectsSent;
  }

  it('a sales invoice created, sent, validated, then voided by an annulment: each object as of its event, the last as GET shows it now', async () => {
    const bill = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    await issueValidated(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

    const sent = await expectObjectsAsHistory('sales-invoice', bill.id, ['document.created', 'document.sent', 'document.validated', 'document.voided']);

    expect(sent.map((object) => object.status)).to.deep.equal(['pending', 'sent', 'validated', 'voided']);
    expect(sent[0]).to.include({ id: bill.id, number: null, cufe: null });
    expect(sent[0].links).to.deep.equal({ self: `${PATHS['sales-invoice']}/${bill.id}` });
    expect(sent[2]).to.include({ number: bill.number, cufe: bill.cufe });
    expect(sent[3]).to.deep.equal(withoutEmails(await record(app, 'sales-invoice', tenant.key, bill.id)));
  });

  it('builds the same body on every attempt, however the document moved on since', async () => {
    const bill = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    const [created] = await documentNotifications('sales-invoice', bill.id);
    const first = JSON.stringify(await objects.dataOf(created));

    await issueValidated(app, 'credit-note', tenant.key, noteBody({ concept: '2', bill_number: bill.number }));

    expect(JSON.stringify(await objects.dataOf(created))).to.equal(first);
    expect(JSON.parse(first).object.status).to.equal('pending');
  });

  it('a rejected invoice, then discarded: document.rejected carries the authority’s errors, document.cancelled the final record', async () => {
    const { id } = await create(app, 'sales-invoice', tenant.key, sampleInvoice({ identification: REJECTED_IDENTIFICATION }));
    await app.settle();
    expect((await remove(app, 'sales-invoice', tenant.key, id)).status).to.equal(200);

    const sent = await expectObjectsAsHistory('sales-invoice', id, ['document.created', 'document.sent', 'document.rejected', 'document.cancelled']);

    expect(sent[2].status).to.equal('rejected');
    expect(sent[2].errors).to.be.an('array').that.is.not.empty;
    expect(sent[3]).to.deep.equal(withoutEmails((await read(app, 'sales-invoice', tenant.key, id)).body));
  });

  it('other families name themselves in data.family, live under their own base and carry their own unique code', async () => {
    const note = await issueValidated(app, 'support-document', tenant.key, supportDocumentBody());

    const sent = await expectObjectsAsHistory('support-document', note.id, ['document.created', 'document.sent', 'document.validated']);

    expect(sent[2].links.self).to.equal(`${PATHS['support-document']}/${note.id}`);
    expect(sent[2].cuds).to.equal(note.cuds).and.to.be.a('string');
  });

  it('a draft of the integrations’ face (seed 001): document.created shows it as GET /v1/invoices/{id}; once transmitted, as seed 000 shows it', async () => {
    const draft = await createDraft(app, tenant.key, sampleInvoice());
    const asDrafted = (await http(app.baseUrl, 'GET', `/v1/invoices/${draft.id}`, { key: tenant.key })).body;
    expect((await post(app, tenant.key, `/v1/invoices/${draft.id}/finalize`)).status).to.equal(200);
    expect((await issue(app, tenant.key, draft.id)).status).to.be.oneOf([200, 202]);
    await app.settle();

    const notifications = await documentNotifications('sales-invoice', draft.id);
    expect(notifications.map((event) => event.type)).to.deep.equal(['document.created', 'document.sent', 'document.validated']);
    const created = await objects.dataOf(notifications[0]);
    expect(created).to.deep.equal({ family: 'sales-invoice', object: asDrafted });
    expectSchema('Invoice', created.object);
    expect(created.object).to.include({ status: 'draft', transaction_id: null });
    const validated = (await objects.dataOf(notifications[2])).object;
    expect(validated).to.deep.equal(withoutEmails(await record(app, 'sales-invoice', tenant.key, draft.id)));
  });

  it('a draft discarded before it was transmitted: document.cancelled shows it as GET /v1/invoices/{id} (status discarded)', async () => {
    const draft = await createDraft(app, tenant.key, sampleInvoice());
    expect((await http(app.baseUrl, 'DELETE', `/v1/invoices/${draft.id}`, { key: tenant.key })).status).to.be.oneOf([200, 204]);

    const notifications = await documentNotifications('sales-invoice', draft.id);
    expect(notifications.map((event) => event.type)).to.deep.equal(['document.created', 'document.cancelled']);
    const cancelled = (await objects.dataOf(notifications[1])).object;
    expect(cancelled).to.deep.equal((await http(app.baseUrl, 'GET', `/v1/invoices/${draft.id}`, { key: tenant.key })).body);
    expect(cancelled.status).to.equal('discarded');
    expectSchema('Invoice', cancelled);
  });

  it('messages: message.sent and message.blocked show the message as GET /v1/messages/{id}, with its events up to then', async () => {
    const live = await app.createKey(tenant.tenantId, ['messages:send'], 'live');
    const sentId = (await postMessage(app, live.key, otpRequest())).body.id;
    await app.container.messages.recipients.allow(tenant.tenantId, 'qa@acme.example', CLI);
    const blockedId = (await postMessage(app, tenant.key, otpRequest({ to: 'cliente@real.example' }))).body.id;
    await app.settle();

    const [sent] = await notificationsOf(messageStreamId(sentId));
    expect(sent).to.include({ type: 'message.sent', subject: sentId, environment: 'live' });
    const sentData = await objects.dataOf(sent);
    expect(sentData).to.not.have.property('family');
    expect(sentData.object).to.deep.equal((await getMessage(app, live.key, sentId)).body);
    expect(sentData.object.status).to.equal('sent');
    expectSchema('Message', sentData.object);

    const [blocked] = await notificationsOf(messageStreamId(blockedId));
    expect(blocked.type).to.equal('message.blocked');
    const blockedObject = (await objects.dataOf(blocked)).object;
    expect(blockedObject).to.deep.equal((await getMessage(app, tenant.key, blockedId)).body);
    expect(blockedObject.status).to.equal('blocked');
  });

  it('webhook.test carries its own object; an event no longer where its source says, or of an unknown stream, is refused by name', async () => {
    const object = { id: 'evt_test', message: 'hello' };
    const test: WebhookEvent = { id: 'evt_test', type: 'webhook.test', tenantId: tenant.tenantId, environment: 'test', createdAt: new Date(0).toISOString(), subject: 'x', object };
    expect(await objects.dataOf(test)).to.deep.equal({ object });

    const bill = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    const [created] = await documentNotifications('sales-invoice', bill.id);
    const moved = { ...created, source: { ...created.source!, revision: '1' } };
    let error: unknown;
    await objects.dataOf(moved).catch((caught: unknown) => (error = caught));
    expect(String(error)).to.contain(`event ${created.source!.eventId} is not at revision 1 of stream ${created.source!.streamId}`);
    const [registered] = await app.container.eventStore.readStream(`tenant-${tenant.tenantId}`);
    const stranger = { ...created, source: { ...created.source!, eventId: registered.id, streamId: registered.streamId, revision: '0' } };
    error = undefined;
    await objects.dataOf(stranger).catch((caught: unknown) => (error = caught));
    expect(String(error)).to.contain(`webhook event ${created.id}: no object is known for stream tenant-${tenant.tenantId}`);
  });
});
