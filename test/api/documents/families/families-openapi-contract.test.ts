import { expect } from 'chai';
import { http, type HttpAnswer } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { expectSchema } from '../../../support/api-test-helpers.ts';
import {
  PATHS,
  REJECTED_IDENTIFICATION,
  UNKNOWN_ID,
  adjustmentNoteBody,
  create,
  issueValidated,
  newKey,
  periodNoteBody,
  post,
  supportDocumentBody,
  type FamilyName,
} from '../../../support/family-test-helpers.ts';

const FAMILIES: Array<{ family: FamilyName; schema: string }> = [
  { family: 'credit-note', schema: 'CreditNoteBody' },
  { family: 'debit-note', schema: 'DebitNoteBody' },
  { family: 'support-document', schema: 'SupportDocumentBody' },
  { family: 'adjustment-note', schema: 'AdjustmentNoteBody' },
];

/** DESIGN.md: the OpenAPI document is the source of truth; every answer of the new families must be declared there. */
describe('The answers of the non-invoice emission families match /openapi.json', () => {
  let app: TestApp;
  let tenant: TestTenant;
  let openapi: Record<string, any>;
  let supportDocumentNumber: string;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    supportDocumentNumber = (await issueValidated(app, 'support-document', tenant.key, supportDocumentBody())).number;
  });
  after(() => app.close());

  const bodyOf = (family: FamilyName, rejected = false): Record<string, any> => {
    const identification = rejected ? { identification: REJECTED_IDENTIFICATION } : {};
    if (family === 'support-document') return supportDocumentBody({}, identification);
    if (family === 'adjustment-note') return adjustmentNoteBody(supportDocumentNumber, {}, identification);
    return periodNoteBody({}, rejected ? { identification: REJECTED_IDENTIFICATION } : {});
  };

  function expectDeclared(path: string, method: string, answer: HttpAnswer): void {
    const operation = openapi.paths[path]?.[method];
    expect(operation, `${method.toUpperCase()} ${path} is not in /openapi.json`).to.be.an('object');
    const responses = operation.responses as Record<string, any>;
    expect(Object.keys(responses), `${method.toUpperCase()} ${path} answered ${answer.status} (${answer.text.slice(0, 120)})`).to.include(String(answer.status));
    const declared = responses[String(answer.status)];
    if (!declared.content) return;
    const [mediaType] = Object.keys(declared.content);
    expect(answer.headers.get('content-type')).to.contain(mediaType);
    const ref: string | undefined = declared.content[mediaType].schema?.$ref;
    if (ref) expectSchema(ref.split('/').pop()!, answer.body);
  }

  for (const { family, schema } of FAMILIES) {
    describe(family, () => {
      const base = PATHS[family];

      it('lists exactly the seed’s operations: POST and GET on the base, GET and DELETE by id, and no events', () => {
        expect(Object.keys(openapi.paths[base]).sort()).to.deep.equal(['get', 'post']);
        expect(Object.keys(openapi.paths[`${base}/{id}`]).sort()).to.deep.equal(['delete', 'get']);
        expect(openapi.paths).to.not.have.property(`${base}/{id}/events`);
        expect(openapi.paths[base].post.tags).to.deep.equal(['Emision']);
        expect(openapi.paths[base].post.requestBody.content['application/json'].schema.$ref).to.equal(`#/components/schemas/${schema}`);
      });

      it('POST: 202, 400, 401, 403, 409 and 422 are declared', async () => {
        const reader = await app.createKey(tenant.tenantId, ['invoices:read']);
        const reused = newKey();
        await create(app, family, tenant.key, bodyOf(family), reused);
        const answers = [
          await post(app, family, tenant.key, bodyOf(family)),
          await post(app, family, tenant.key, bodyOf(family), null),
          await post(app, family, undefined, bodyOf(family)),
          await post(app, family, reader.key, bodyOf(family)),
          await post(app, family, tenant.key, { ...bodyOf(family), observation: 'otra' }, reused),
          await post(app, family, tenant.key, { ...bodyOf(family), items: [] }),
        ];
        expect(answers.map((answer) => answer.status)).to.deep.equal([202, 400, 401, 403, 409, 422]);
        for (const answer of answers) expectDeclared(base, 'post', answer);
      });

      it('GET list, GET id and DELETE: every status answered is declared', async () => {
        const validated = await issueValidated(app, family, tenant.key, bodyOf(family));
        const rejected = await create(app, family, tenant.key, bodyOf(family, true));
        await app.settle();
        const get = (path: string, key?: string) => http(app.baseUrl, 'GET', path, { key });
        const remove = (path: string, key?: string) => http(app.baseUrl, 'DELETE', path, { key });

        const lists = [await get(base, tenant.key), await get(base), await get(`${base}?per_page=0`, tenant.key)];
        const reads = [
          await get(`${base}/${validated.id}`, tenant.key),
          await get(`${base}/${validated.id}`),
          await get(`${base}/${UNKNOWN_ID}`, tenant.key),
          await get(`${base}/nope`, tenant.key),
        ];
        const deletes = [
          await remove(`${base}/${rejected.id}`, tenant.key),
          await remove(`${base}/${validated.id}`),
          await remove(`${base}/${UNKNOWN_ID}`, tenant.key),
          await remove(`${base}/${validated.id}`, tenant.key),
          await remove(`${base}/nope`, tenant.key),
        ];

        expect(lists.map((answer) => answer.status)).to.deep.equal([200, 401, 422]);
        expect(reads.map((answer) => answer.status)).to.deep.equal([200, 401, 404, 422]);
        expect(deletes.map((answer) => answer.status)).to.deep.equal([200, 401, 404, 409, 422]);
        for (const answer of lists) expectDeclared(base, 'get', answer);
        for (const answer of reads) expectDeclared(`${base}/{id}`, 'get', answer);
        for (const answer of deletes) expectDeclared(`${base}/{id}`, 'delete', answer);
      });
    });
  }

  it('the DocumentRecord schema documents the fields these families add to the record: cude, cuds, reference, voided_by', () => {
    const properties = Object.keys(openapi.components.schemas.DocumentRecord.properties);

    expect(properties).to.include.members(['cude', 'cuds', 'reference', 'voided_by']);
  });
});
