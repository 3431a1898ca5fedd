import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks/webhook-event-types.ts';
import { WEBHOOK_EVENT_CATALOG } from '../../../api/webhooks/webhook-event-catalog.ts';
import { expectProblem, expectSchema } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const EVERY_TYPE: (keyof typeof WEBHOOK_EVENT_CATALOG)[] = [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE];

describe('the webhook event catalog: GET /v1/webhook-events and the OpenAPI `webhooks` section', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let openapi: Record<string, any>;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ scopes: ['invoices:read'] });
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
  });
  after(() => app.close());

  it('answers any valid key with every type, when it is sent, what data.object is and its schemas', async () => {
    const answer = await http(app.baseUrl, 'GET', '/v1/webhook-events', { key: tenant.key });

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('WebhookEventCatalog', answer.body);
    const entries: Record<string, any>[] = answer.body.data;
    expect(entries.map((entry) => entry.type)).to.deep.equal(EVERY_TYPE);
    const validated = entries.find((entry) => entry.type === 'document.validated')!;
    expect(validated).to.deep.equal({
      type: 'document.validated',
      description: WEBHOOK_EVENT_CATALOG['document.validated'].description,
      object: WEBHOOK_EVENT_CATALOG['document.validated'].object,
      schemas: ['#/components/schemas/DocumentRecord'],
      family: true,
      subscribable: true,
    });
    expect(entries.find((entry) => entry.type === 'document.acceptance_event')!.schemas).to.deep.equal([
      '#/components/schemas/WebhookAcceptanceEvent',
      '#/components/schemas/ReceivedDocument',
    ]);
    expect(entries.filter((entry) => !entry.subscribable).map((entry) => entry.type)).to.deep.equal([TEST_EVENT_TYPE]);
    expect(entries.filter((entry) => entry.family).map((entry) => entry.type)).to.deep.equal(WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('document.')));
    for (const entry of entries) {
      for (const schema of entry.schemas) expect(openapi.components.schemas, schema).to.have.property(schema.split('/').pop());
    }
  });

  it('refuses a request without a valid key (401 problem)', async () => {
    expectProblem(await http(app.baseUrl, 'GET', '/v1/webhook-events'), 401, 'unauthorized');
    expectProblem(await http(app.baseUrl, 'GET', '/v1/webhook-events', { key: 'fe_test_unknown' }), 401, 'unauthorized');
  });

  it('/openapi.json is a valid OpenAPI 3.1 document, webhooks section included', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(openapi));
    expect(result.errors ?? [], JSON.stringify(result.errors)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('lists every type in `webhooks`: the Standard Webhooks headers, the envelope with its object schema, and 2xx as receipt', () => {
    expect(Object.keys(openapi.webhooks)).to.deep.equal(EVERY_TYPE);
    for (const type of EVERY_TYPE) {
      const operation = openapi.webhooks[type].post;
      expect(operation.description, type).to.contain(WEBHOOK_EVENT_CATALOG[type].description);
      expect(operation.parameters.map((p: { name: string; in: string; required: boolean }) => [p.name, p.in, p.required])).to.deep.equal([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
      expect(operation.responses).to.have.property('2XX');
      const body = operation.requestBody.content['application/json'].schema;
      expect(body.required).to.deep.equal(['id', 'type', 'created_at', 'environment', 'data']);
      expect(body.properties.type.const).to.equal(type);
      expect(body.properties.data.required).to.deep.equal(WEBHOOK_EVENT_CATALOG[type].family ? ['family', 'object'] : ['object']);
    }
    expect(openapi.webhooks['message.sent'].post.requestBody.content['application/json'].schema.properties.data.properties.object.$ref).to.equal(
      '#/components/schemas/Message',
    );
  });
});
