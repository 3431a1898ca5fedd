import { expect } from 'chai';
import { startDianDouble, type DianDouble } from '../../../support/dian-double/dian-double.ts';
import { NS } from '../../../support/dian-double/namespaces.ts';
import { post, signedEnvelope, zipOf, type RequestSigner } from '../../../support/dian-double/signed-request.ts';
import { eventually } from '../../../support/fixtures.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';
import { answered, call, dianResponses, sendBillSync, signedInvoice, textOf, XML_NAME, ZIP_NAME, type SignedDocument } from './double-fixtures.ts';

const ACTION = 'http://wcf.dian.colombia/IWcfDianCustomerServices/';

describe('DIAN double: transport (WS-Security, Action, wsa:To, Timestamp, faults, outage, timeout)', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let signer: RequestSigner;
  let double: DianDouble;
  let invoice: SignedDocument;
  const sendParams = (): [string, string | Buffer][] => [['fileName', ZIP_NAME], ['contentFile', zipOf({ [XML_NAME]: invoice.xml })]];

  before(async () => {
    pki = makeTestPki();
    signer = { keyPem: pki.leafKeyPem, certificatePem: pki.leafPem };
    invoice = await signedInvoice(pki, 'SETP990000001');
  });
  after(() => pki.remove());
  beforeEach(async () => { double = await startDianDouble(); });
  afterEach(async () => double.close());

  function expectInvalidSecurity(answer: { status: number; body: string }) {
    expect(answer.status).to.equal(500);
    expect(answer.body).to.include('<a:Action s:mustUnderstand="1">http://www.w3.org/2005/08/addressing/soap/fault</a:Action>');
    expect(textOf(answer.body, NS.soap, 'Code')).to.equal('s:Sendera:InvalidSecurity');
    expect(answer.body).to.include(`<s:Value xmlns:a="${NS.wsse}">a:InvalidSecurity</s:Value>`);
    expect(textOf(answer.body, NS.soap, 'Text')).to.equal('An error occurred when verifying security for the message.');
  }

  it('answers a:InvalidSecurity (HTTP 500) when the signed wsa:To was changed after signing, and takes no document', async () => {
    const envelope = signedEnvelope({ url: double.url, operation: 'SendBillSync', params: sendParams(), signer });
    const tampered = envelope.replace(`${double.url}</wsa:To>`, `${double.url}/</wsa:To>`);
    expect(tampered).to.not.equal(envelope);

    expectInvalidSecurity(answered(await post(double.url, tampered, { action: `${ACTION}SendBillSync` })));
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['ws-security-signature']);
    expect(double.failedChecks()[0].check.detail).to.match(/FAIL/);
    expect(double.stored(invoice.uniqueCode)).to.equal(undefined);
  });

  it('answers a:InvalidSecurity when the signature covers only the Timestamp, not wsa:To', async () => {
    const envelope = signedEnvelope({ url: double.url, operation: 'GetStatus', params: [['trackId', invoice.uniqueCode]], signer, signTo: false });

    expectInvalidSecurity(answered(await post(double.url, envelope)));
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['to-signed']);
  });

  it('answers a:InvalidSecurity for an expired Timestamp', async () => {
    const envelope = signedEnvelope({ url: double.url, operation: 'GetStatus', params: [['trackId', invoice.uniqueCode]], signer, created: new Date(Date.now() - 10 * 60_000) });

    expectInvalidSecurity(answered(await post(double.url, envelope)));
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['timestamp-current']);
  });

  it('answers a:InternalServiceFault when wsa:Action names another operation than the body', async () => {
    const envelope = signedEnvelope({ url: double.url, operation: 'SendBillSync', params: sendParams(), signer, action: `${ACTION}GetStatus` });

    const answer = answered(await post(double.url, envelope));

    expect(answer.status).to.equal(500);
    expect(answer.body).to.include('a:InternalServiceFault</s:Value>');
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['action']);
    expect(double.sendsOf(invoice.uniqueCode)).to.equal(0);
  });

  it('refuses a correctly signed wsa:To naming another endpoint (AddressFilter mismatch) and accepts the URL with ?wsdl', async () => {
    const elsewhere = signedEnvelope({ url: double.url, operation: 'GetStatus', params: [['trackId', invoice.uniqueCode]], signer, to: 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc' });
    const withWsdl = signedEnvelope({ url: double.url, operation: 'GetStatus', params: [['trackId', invoice.uniqueCode]], signer, to: `${double.url}?wsdl` });

    const refused = answered(await post(double.url, elsewhere));
    const accepted = answered(await post(double.url, withWsdl));

    expect(refused.status).to.equal(500);
    expect(refused.body).to.include('a:DestinationUnreachable</s:Value>');
    expect(accepted.status).to.equal(200);
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['to-matches-url']);
  });

  it('answers a body that is not a SOAP envelope with HTTP 400, and a SOAP 1.1 content type with 415', async () => {
    const notSoap = answered(await post(double.url, '<html>no</html>'));
    const envelope = signedEnvelope({ url: double.url, operation: 'GetStatus', params: [['trackId', invoice.uniqueCode]], signer });
    const soap11 = answered(await post(double.url, envelope, { contentType: 'text/xml; charset=utf-8' }));

    expect(notSoap.status).to.equal(400);
    expect(soap11.status).to.equal(415);
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['envelope', 'content-type']);
  });

  it('scripted fault and unavailable: HTTP 500 InvalidSecurity and an HTML 503 page', async () => {
    double.script((document) => (document.number === 'SETP990000001' ? 'fault' : undefined));
    const fault = answered(await sendBillSync(double.url, signer, invoice.xml));
    double.script(() => 'unavailable');
    const unavailable = answered(await sendBillSync(double.url, signer, invoice.xml));

    expectInvalidSecurity(fault);
    expect(unavailable.status).to.equal(503);
    expect(unavailable.contentType).to.match(/^text\/html/);
    expect(unavailable.body).to.include('Service Unavailable');
    expect(double.stored(invoice.uniqueCode)).to.equal(undefined);
    expect(double.sendsOf(invoice.uniqueCode)).to.equal(2);
  });

  it('outage: every request gets an HTML 503 (or a dropped connection) until it ends', async () => {
    double.outage(true);
    const html = answered(await call(double.url, signer, 'GetStatus', [['trackId', invoice.uniqueCode]]));
    double.outage('reset');
    const reset = await call(double.url, signer, 'GetStatus', [['trackId', invoice.uniqueCode]]);
    double.outage(false);
    const after = answered(await call(double.url, signer, 'GetStatus', [['trackId', invoice.uniqueCode]]));

    expect(html.status).to.equal(503);
    expect(html.body).to.include('HTTP Error 503');
    expect(reset).to.have.property('failed');
    expect(after.status).to.equal(200);
    expect(double.requests.map((request) => request.httpStatus)).to.deep.equal([503, 'reset', 200]);
  });

  it('timeout: holds the connection until the client gives up; GetStatus then answers as DIAN left the document', async () => {
    const other = await signedInvoice(pki, 'SETP990000002');
    const third = await signedInvoice(pki, 'SETP990000003');
    double.script((document) => ({ kind: 'timeout', stored: ({ SETP990000001: 'validated', SETP990000002: 'in-process', SETP990000003: 'nothing' } as const)[document.number] }));

    const results = [];
    for (const document of [invoice, other, third]) {
      results.push(await call(double.url, signer, 'SendBillSync', [['fileName', ZIP_NAME], ['contentFile', zipOf({ [XML_NAME]: document.xml })]], { timeoutMs: 300 }));
    }
    // On a busy host the client can give up before the double has checked the envelope: the script stays until it has.
    await eventually(() => double.requests.slice(0, 3).every((request) => request.httpStatus !== null), 10_000);
    double.script(null);
    const status = async (key: string) => dianResponses(answered(await call(double.url, signer, 'GetStatus', [['trackId', key]])).body)[0].statusCode;

    expect(results).to.deep.equal([{ timedOut: true }, { timedOut: true }, { timedOut: true }]);
    expect(double.requests.slice(0, 3).map((request) => request.httpStatus)).to.deep.equal(['held', 'held', 'held']);
    expect(await status(invoice.uniqueCode)).to.equal('00');
    expect([await status(other.uniqueCode), await status(other.uniqueCode)]).to.deep.equal(['98', '00']);
    expect(await status(third.uniqueCode)).to.equal('66');
    const [resent] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml)).body);
    expect(resent.errorMessages).to.deep.equal(['Regla: 90, Rechazo: Documento procesado anteriormente.']);
  });
});
