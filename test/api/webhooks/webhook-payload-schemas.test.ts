import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { acceptanceStreamId } from '../../../domain/acceptance/acceptance-events.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { messageStreamId } from '../../../application/messages/message-streams.ts';
import { LogWebhookObjects } from '../../../application/webhooks/log-webhook-objects.ts';
import type { WebhookEvent } from '../../../application/webhooks/webhook-event.ts';
import { webhookEventsOf } from '../../../application/webhooks/webhook-events-of.ts';
import { webhookPayload } from '../../../application/webhooks/webhook-payload.ts';
import { invoiceTo, ISSUER_NIT, RECEIVER_NIT, sendAll, validatedInvoice } from '../../support/acceptance-app.ts';
import { http } from '../../support/http.ts';
import { createDraft } from '../../support/invoice-management/invoice-steps.ts';
import { startMessagingApp } from '../../support/messaging-app.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import type { TestApp, TestTenant } from '../../support/test-app.ts';
import { otpRequest, postMessage } from '../messages/message-test-helpers.ts';

/** What the service really sends validates against the body its type declares in /openapi.json's `webhooks`. */
describe('webhook payloads match the `webhooks` section of /openapi.json', () => {
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;
  let objects: LogWebhookObjects;
  let ajv: Ajv2020;

  before(async () => {
    app = await startMessagingApp();
    issuer = await app.createTenant({ nit: ISSUER_NIT, scopes: ['invoices:read', 'invoices:write', 'messages:send'] });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
    objects = new LogWebhookObjects(app.container.eventStore);
    const openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    ajv = new Ajv2020({ allErrors: true, strict: false });
    ajvFormats.default(ajv);
    ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
    ajv.addSchema({ $id: 'openapi', components: openapi.components, webhooks: openapi.webhooks });
  });
  after(() => app.close());

  const issues = (type: string, payload: unknown) => {
    const validate = ajv.getSchema(`openapi#/webhooks/${type}/post/requestBody/content/application~1json/schema`)!;
    return validate(payload) ? [] : validate.errors!.map((error) => `${error.instancePath} ${error.message}`);
  };
  const payloadsOf = async (streamId: string): Promise<Record<string, any>[]> =>
    Promise.all((await app.container.eventStore.readStream(streamId)).flatMap(webhookEventsOf).map(async (event: WebhookEvent) => webhookPayload(event, await objects.dataOf(event))));
  const expectValid = (payloads: Record<string, any>[], types: string[]) => {
    expect(payloads.map((payload) => payload.type)).to.deep.equal(types);
    for (const payload of payloads) expect(issues(payload.type, payload), `${payload.type}: ${JSON.stringify(payload)}`).to.deep.equal([]);
  };

  it('a sales invoice’s created, sent and validated; a draft’s created', async () => {
    const { id } = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    expectValid(await payloadsOf(documentStreamId(salesInvoiceFamily, id)), ['document.created', 'document.sent', 'document.validated']);
    const draft = await createDraft(app, issuer.key, sampleInvoice());
    expectValid(await payloadsOf(documentStreamId(salesInvoiceFamily, draft.id)), ['document.created']);
  });

  it('an acceptance event, to the issuer and to the receiving company', async () => {
    const { id } = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, id, ['030']);
    const payloads = await payloadsOf(acceptanceStreamId(id));
    expectValid(payloads, ['document.acceptance_event', 'document.acceptance_event']);
    expect(payloads[0].data.object).to.have.property('code', '030');
    expect(payloads[1].data.object).to.have.property('acceptance');
  });

  it('a message sent', async () => {
    const live = await app.createKey(issuer.tenantId, ['messages:send'], 'live');
    const { id } = (await postMessage(app, live.key, otpRequest())).body;
    await app.settle();
    expectValid(await payloadsOf(messageStreamId(id)), ['message.sent']);
  });

  it('is strict enough to refuse a wrong object or envelope', async () => {
    const { id } = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    const [, , validated] = await payloadsOf(documentStreamId(salesInvoiceFamily, id));
    expect(issues('document.validated', validated)).to.deep.equal([]);
    expect(issues('message.sent', validated)).to.not.deep.equal([]);
    expect(issues('document.validated', { ...validated, data: { object: validated.data.object } })).to.include("/data must have required property 'family'");
    expect(issues('document.validated', { ...validated, data: { ...validated.data, object: { id } } })).to.not.deep.equal([]);
  });
});
