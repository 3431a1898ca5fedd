import { expect } from 'chai';
import type { SoftwareIdentities } from '../../../application/ports/software-identity.ts';
import { eventCude } from '../../../domain/unique-codes/event-cude.ts';
import { softwareSecurityCode } from '../../../domain/unique-codes/software-security-code.ts';
import {
  INVOICES,
  invoiceTo,
  ISSUER_NIT,
  MANUAL_SCHEDULER,
  RECEIVER_NIT,
  RECEPTIONS,
  SANDBOX_PIN,
  sendAll,
  sendEvent,
  SettableClock,
  trail,
  validatedInvoice,
} from '../../support/acceptance-app.ts';
import { expectProblem } from '../../support/api-test-helpers.ts';
import { parseXml, textAt, type XmlElement } from '../../support/artifacts/xml-tree.ts';
import { strictDianIssues, xmllint } from '../../support/artifacts/xml-schema.ts';
import { UNKNOWN_ID } from '../../support/family-test-helpers.ts';
import { http, type HttpAnswer } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { keyInfoCertificatePem, xmlsecVerify } from '../../support/signing/xmlsec.ts';
import type { RenderPool } from '../../../infrastructure/rendering/threads/render-pool.ts';
import { SIGNATURE_FORMAT } from '../../../infrastructure/composition/document-rendering.ts';

const PERSON = { identification_document_code: '13', identification: '12345667', first_name: 'Pepito', last_name: 'Perez' };

function expectEventXml(answer: HttpAnswer, fileName: string): XmlElement {
  expect(answer.status, answer.text).to.equal(200);
  expect(answer.headers.get('content-type')).to.equal('application/xml; charset=utf-8');
  expect(answer.headers.get('content-disposition')).to.equal(`attachment; filename="${fileName}"`);
  const lint = xmllint(answer.text);
  expect(lint.status, lint.output).to.equal(0);
  expect(strictDianIssues(answer.text)).to.deep.equal([]);
  return parseXml(answer.text);
}

/** Reference §2.3 over the XML's own fields, with the sandbox's PIN. */
function cudeOf(root: XmlElement, softwarePin = SANDBOX_PIN): string {
  return eventCude({
    eventNumber: textAt(root, 'ID'),
    issueDate: textAt(root, 'IssueDate'),
    issueTime: textAt(root, 'IssueTime'),
    issuerNit: textAt(root, 'SenderParty/PartyTaxScheme/CompanyID'),
    receiverId: textAt(root, 'ReceiverParty/PartyTaxScheme/CompanyID'),
    responseCode: textAt(root, 'DocumentResponse/Response/ResponseCode'),
    referencedDocumentNumber: textAt(root, 'DocumentResponse/DocumentReference/ID'),
    referencedDocumentTypeCode: textAt(root, 'DocumentResponse/DocumentReference/DocumentTypeCode'),
    softwarePin,
  });
}

describe('GET …/events/{number}/xml: the ApplicationResponse of an event the company sent', () => {
  const clock = new SettableClock('2026-02-05T10:00:00-05:00');
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;
  let stranger: TestTenant;
  let invoice: { id: string; number: string; cufe: string };
  let records: Record<string, any>[];

  const issuerXml = (key: string, id: string, number: string) => http(app.baseUrl, 'GET', `${INVOICES}/${id}/events/${number}/xml`, { key });
  const receiverXml = (key: string, id: string, number: string) => http(app.baseUrl, 'GET', `${RECEPTIONS}/${id}/events/${number}/xml`, { key });

  before(async () => {
    app = await startTestApp({}, { clock, ...MANUAL_SCHEDULER });
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
    stranger = await app.createTenant({ nit: '860034313' });
    invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit: true }));
    expect((await sendEvent(app, receiver.key, invoice.id, { code: '030', person: PERSON })).status).to.equal(201);
    clock.set('2026-02-05T11:15:30-05:00');
    await sendAll(app, receiver, invoice.id, ['032']);
    await app.settle();
    clock.set('2026-02-11T00:00:00-05:00');
    expect(await app.container.acceptance.scheduler.tick()).to.equal(1);
    records = await trail(app, issuer, invoice.id);
  });
  after(() => app.close());

  it('serves the receiver the XML of each event it sent: its code, number, CUDE, the invoice’s CUFE, both NITs and the person', async () => {
    for (const record of records.slice(0, 2)) {
      const root = expectEventXml(await receiverXml(receiver.key, invoice.id, record.number), `ar${invoice.number}-${record.code}.xml`);

      expect(textAt(root, 'DocumentResponse/Response/ResponseCode')).to.equal(record.code);
      expect(textAt(root, 'ID')).to.equal(record.number);
      expect(textAt(root, 'UUID')).to.equal(record.unique_code).and.equal(cudeOf(root));
      expect(textAt(root, 'DocumentResponse/DocumentReference/ID')).to.equal(invoice.number);
      expect(textAt(root, 'DocumentResponse/DocumentReference/UUID')).to.equal(invoice.cufe);
      expect(textAt(root, 'SenderParty/PartyTaxScheme/CompanyID')).to.equal(RECEIVER_NIT);
      expect(textAt(root, 'ReceiverParty/PartyTaxScheme/CompanyID')).to.equal(ISSUER_NIT);
    }
    const receipt = parseXml((await receiverXml(receiver.key, invoice.id, '1')).text);
    expect(textAt(receipt, 'DocumentResponse/IssuerParty/Person/FirstName')).to.equal('Pepito');
    const goods = parseXml((await receiverXml(receiver.key, invoice.id, '2')).text);
    expect([textAt(goods, 'IssueDate'), textAt(goods, 'IssueTime')]).to.deep.equal(['2026-02-05', '11:15:30-05:00']);
  });

  it('signs each event with the sender’s certificate (its generated test one) in a render thread: xmlsec1 verifies 3/3, SigningTime is the event’s instant', async () => {
    const pool = app.container.renderRunner as RenderPool;
    const counted = async () =>
      (await app.container.metrics.renders.get()).values.find(({ labels }) => labels.format === SIGNATURE_FORMAT && labels.where === 'render-thread')?.value ?? 0;
    const [before, countedBefore] = [pool.rendered, await counted()];
    const answer = await receiverXml(receiver.key, invoice.id, '2');
    expectEventXml(answer, `ar${invoice.number}-032.xml`);
    expect(pool.rendered - before).to.equal(1);
    expect((await counted()) - countedBefore).to.equal(1);
    const selfSigned = keyInfoCertificatePem(answer.text);
    const verified = xmlsecVerify(answer.text, selfSigned);
    expect(verified.status, verified.output).to.equal(0);
    expect(verified.output).to.match(/SignedInfo References \(ok\/all\): 3\/3/);
    expect(answer.text).to.match(/<xades:SigningTime>2026-02-05T11:15:30(\.000)?-05:00<\/xades:SigningTime>/);
    expect(xmlsecVerify(answer.text.replace('<cbc:ResponseCode', '<cbc:ResponseCode listName="x"'), selfSigned).status).not.to.equal(0);
  });

  it('serves the issuer the XML of the tacit acceptance (034) it sent, addressed to the customer', async () => {
    const tacit = records[2];
    expect(tacit.code).to.equal('034');

    const root = expectEventXml(await issuerXml(issuer.key, invoice.id, '3'), `ar${invoice.number}-034.xml`);

    expect(textAt(root, 'UUID')).to.equal(tacit.unique_code).and.equal(cudeOf(root));
    expect(textAt(root, 'SenderParty/PartyTaxScheme/CompanyID')).to.equal(ISSUER_NIT);
    expect(textAt(root, 'ReceiverParty/PartyTaxScheme/CompanyID')).to.equal(RECEIVER_NIT);
    expect(textAt(root, 'Note')).to.include(records[1].unique_code);
  });

  it('answers the same bytes every time', async () => {
    const first = await receiverXml(receiver.key, invoice.id, '2');
    const second = await receiverXml(receiver.key, invoice.id, '2');
    expect(second.text).to.equal(first.text);
  });

  it('answers 409 event_not_own for an event the other party sent, on either side', async () => {
    const customers = expectProblem(await issuerXml(issuer.key, invoice.id, '1'), 409, 'event_not_own');
    expect(customers).to.include({ event_code: '030', sender: 'receiver' });
    expect(customers.detail).to.include(RECEIVER_NIT);
    const issuers = expectProblem(await receiverXml(receiver.key, invoice.id, '3'), 409, 'event_not_own');
    expect(issuers).to.include({ event_code: '034', sender: 'issuer' });
  });

  it('answers 404 for an event number the trail does not have, and for another company’s document', async () => {
    expectProblem(await receiverXml(receiver.key, invoice.id, '4'), 404, 'not_found');
    expectProblem(await issuerXml(issuer.key, invoice.id, '4'), 404, 'not_found');
    expectProblem(await issuerXml(stranger.key, invoice.id, '3'), 404, 'not_found');
    expectProblem(await receiverXml(stranger.key, invoice.id, '1'), 404, 'not_found');
    expectProblem(await issuerXml(receiver.key, invoice.id, '1'), 404, 'not_found');
    expectProblem(await receiverXml(issuer.key, invoice.id, '3'), 404, 'not_found');
    expectProblem(await receiverXml(receiver.key, UNKNOWN_ID, '1'), 404, 'not_found');
  });

  it('answers 422 naming the field for an id that is not a UUID or a number that is not an event number', async () => {
    const badNumber = expectProblem(await receiverXml(receiver.key, invoice.id, '0'), 422, 'validation_failed');
    expect(badNumber.errors).to.deep.equal([{ field: 'number', message: 'must be the event\'s number in the trail (1, 2, ...); got "0"' }]);
    expect(expectProblem(await issuerXml(issuer.key, invoice.id, 'abc'), 422, 'validation_failed').errors[0].field).to.equal('number');
    expect(expectProblem(await issuerXml(issuer.key, 'not-a-uuid', '1'), 422, 'validation_failed').errors[0].field).to.equal('id');
  });

  it('answers 401 without a key, 403 without invoices:read, and 409 invoice_not_numbered for an invoice without a number', async () => {
    expectProblem(await http(app.baseUrl, 'GET', `${INVOICES}/${invoice.id}/events/3/xml`), 401);
    const writer = await app.createKey(receiver.tenantId, ['invoices:write']);
    expectProblem(await receiverXml(writer.key, invoice.id, '1'), 403);
    const rejected = await http(app.baseUrl, 'POST', INVOICES, { key: issuer.key, body: invoiceTo('1111111111'), headers: { 'Idempotency-Key': 'event-xml-rejected-1' } });
    expect(rejected.status, rejected.text).to.equal(202);
    await app.settle();
    expectProblem(await issuerXml(issuer.key, rejected.body.id, '1'), 409, 'invoice_not_numbered');
  });

  it('is declared in /openapi.json with each status it answers', async () => {
    const openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    for (const path of [`${INVOICES}/{id}/events/{number}/xml`, `${RECEPTIONS}/{id}/events/{number}/xml`]) {
      const responses = openapi.paths[path].get.responses;
      expect(Object.keys(responses)).to.include.members(['200', '401', '403', '404', '409', '422']);
      expect(Object.keys(responses['200'].content)).to.deep.equal(['application/xml']);
    }
  });
});

describe('the sender’s own DIAN software (an injected SoftwareIdentities)', () => {
  const asked: Array<[string, string]> = [];
  const software: SoftwareIdentities = {
    of: async (tenantId, environment) => {
      asked.push([tenantId, environment]);
      return { id: `software-of-${tenantId}`, pin: '98765' };
    },
  };
  let app: TestApp;

  before(async () => {
    app = await startTestApp({}, { clock: new SettableClock('2026-02-05T10:00:00-05:00'), ...MANUAL_SCHEDULER, softwareIdentities: software });
  });
  after(() => app.close());

  it('computes the event’s CUDE with the sender’s PIN and states its software and security code in the XML', async () => {
    const issuer = await app.createTenant({ nit: ISSUER_NIT });
    const receiver = await app.createTenant({ nit: RECEIVER_NIT });
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    const [record] = await sendAll(app, receiver, invoice.id, ['030']);

    const root = expectEventXml(await http(app.baseUrl, 'GET', `${RECEPTIONS}/${invoice.id}/events/1/xml`, { key: receiver.key }), `ar${invoice.number}-030.xml`);

    expect(asked).to.deep.equal([
      [receiver.tenantId, 'test'],
      [receiver.tenantId, 'test'],
    ]);
    expect(record.unique_code).to.equal(cudeOf(root, '98765')).and.not.equal(cudeOf(root));
    const dian = 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions';
    expect(textAt(root, `${dian}/SoftwareProvider/SoftwareID`)).to.equal(`software-of-${receiver.tenantId}`);
    expect(textAt(root, `${dian}/SoftwareSecurityCode`)).to.equal(softwareSecurityCode({ softwareId: `software-of-${receiver.tenantId}`, softwarePin: '98765', documentNumber: '1' }));
  });
});
