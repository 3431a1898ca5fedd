import { expect } from 'chai';
import { DOMParser } from '@xmldom/xmldom';
import { startDianDouble, type DianDouble } from '../../../support/dian-double/dian-double.ts';
import { NS } from '../../../support/dian-double/namespaces.ts';
import { zipOf, type RequestSigner } from '../../../support/dian-double/signed-request.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';
import { answered, call, dianResponses, sendBillSync, signedEvent, signedInvoice, signedPayroll, type SignedDocument } from './double-fixtures.ts';

function applicationResponse(base64: string | null) {
  const document = new DOMParser().parseFromString(Buffer.from(base64 ?? '', 'base64').toString('utf8'), 'application/xml');
  const texts = (name: string) => Array.from(document.getElementsByTagNameNS(NS.cbc, name)).map((element) => element.textContent);
  return { root: document.documentElement?.localName, responseCodes: texts('ResponseCode'), ids: texts('ID'), uuids: texts('UUID') };
}

describe('DIAN double: synchronous sending (SendBillSync, SendNominaSync, GetStatus)', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let signer: RequestSigner;
  let double: DianDouble;
  let invoice: SignedDocument;

  before(async () => {
    pki = makeTestPki();
    signer = { keyPem: pki.leafKeyPem, certificatePem: pki.leafPem };
    invoice = await signedInvoice(pki, 'SETP990000001');
  });
  after(() => pki.remove());
  beforeEach(async () => { double = await startDianDouble(); });
  afterEach(async () => double.close());

  it('validates a correctly signed invoice with DIAN’s envelope, StatusCode 00 and an ApplicationResponse 02/0000 naming number and key', async () => {
    const answer = answered(await sendBillSync(double.url, signer, invoice.xml));

    expect(answer.status).to.equal(200);
    expect(answer.contentType).to.match(/^application\/soap\+xml/);
    expect(answer.body).to.match(/^<s:Envelope xmlns:s="http:\/\/www.w3.org\/2003\/05\/soap-envelope" xmlns:a="http:\/\/www.w3.org\/2005\/08\/addressing" xmlns:u=/);
    expect(answer.body).to.include('<a:Action s:mustUnderstand="1">http://wcf.dian.colombia/IWcfDianCustomerServices/SendBillSyncResponse</a:Action>');
    expect(answer.body).to.include('<SendBillSyncResponse xmlns="http://wcf.dian.colombia"><SendBillSyncResult xmlns:b="http://schemas.datacontract.org/2004/07/DianResponse"');
    const [response] = dianResponses(answer.body);
    expect(response).to.deep.include({
      isValid: 'true', statusCode: '00', statusDescription: 'Procesado Correctamente.', statusMessage: 'La Factura electrónica SETP-990000001, ha sido autorizada.',
      errorMessages: [], xmlDocumentKey: invoice.uniqueCode, xmlFileName: 'fv09008257590002600000001',
    });
    expect(answer.body).to.include('<b:XmlBytes i:nil="true"/>');
    const ar = applicationResponse(response.xmlBase64Bytes);
    expect(ar.root).to.equal('ApplicationResponse');
    expect(ar.responseCodes).to.deep.equal(['02', '0000']);
    expect(ar.ids).to.include('SETP990000001');
    expect(ar.uuids).to.include(invoice.uniqueCode);

    expect(double.failedChecks()).to.deep.equal([]);
    const [request] = double.requests;
    expect(request).to.deep.include({ operation: 'SendBillSync', fileName: 'z09008257590002600000001.zip', zipEntries: ['fv09008257590002600000001.xml'], documentKey: invoice.uniqueCode, number: 'SETP990000001', httpStatus: 200, statusCode: '00' });
    expect(request.documents).to.deep.equal([{ type: 'Invoice', number: 'SETP990000001', uniqueCode: invoice.uniqueCode, issuerNit: '900825759', entryName: 'fv09008257590002600000001.xml' }]);
    expect(request.checks.map((check) => check.name)).to.include.members(['ws-security-signature', 'to-signed', 'to-matches-url', 'timestamp-current', 'zip-magic', 'zip-file-name', 'xml-file-name', 'document-signature']);
    expect(double.sendsOf(invoice.uniqueCode)).to.equal(1);
  });

  it('answers notifications with IsValid true and LineResponse 0001, and a rejection with 99, the rules and AR 04', async () => {
    double.script((document) => (document.number === 'SETP990000001' ? { kind: 'notifications', rules: ['Regla: FAJ43b, Notificación: Nombre informado No corresponde.'] } : 'rejected'));
    const other = await signedInvoice(pki, 'SETP990000002');

    const [notified] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml)).body);
    const [rejected] = dianResponses(answered(await sendBillSync(double.url, signer, other.xml)).body);

    expect(notified).to.deep.include({ isValid: 'true', statusCode: '00', errorMessages: ['Regla: FAJ43b, Notificación: Nombre informado No corresponde.'] });
    expect(applicationResponse(notified.xmlBase64Bytes).responseCodes).to.deep.equal(['02', '0001', 'FAJ43b']);
    expect(rejected).to.deep.include({ isValid: 'false', statusCode: '99', statusDescription: 'Validación contiene errores en campos mandatorios.', statusMessage: 'Documento con errores en campos mandatorios.', xmlDocumentKey: other.uniqueCode });
    expect(rejected.errorMessages[0]).to.match(/^Regla: FAK24, Rechazo: /);
    expect(applicationResponse(rejected.xmlBase64Bytes).responseCodes).to.deep.equal(['04', 'FAK24', 'FAJ43b']);
  });

  it('answers rule 90 with the original key and AR when a validated document is sent again, and GetStatus keeps the first answer', async () => {
    const [first] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml)).body);
    const [again] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml)).body);
    const [status] = dianResponses(answered(await call(double.url, signer, 'GetStatus', [['trackId', invoice.uniqueCode]])).body);

    expect(again).to.deep.include({ isValid: 'false', statusCode: '99', errorMessages: ['Regla: 90, Rechazo: Documento procesado anteriormente.'], xmlDocumentKey: invoice.uniqueCode });
    expect(again.xmlBase64Bytes).to.equal(first.xmlBase64Bytes);
    expect(status).to.deep.equal(first);
    expect(double.sendsOf(invoice.uniqueCode)).to.equal(2);
  });

  it('validates again a number whose earlier send was rejected', async () => {
    double.script(() => 'rejected');
    const [rejected] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml)).body);
    double.script(null);
    const [validated] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml)).body);

    expect([rejected.statusCode, validated.statusCode]).to.deep.equal(['99', '00']);
    expect(double.stored(invoice.uniqueCode)?.validated).to.equal(true);
  });

  it('already-processed: the first send answers rule 90 and GetStatus answers 00 for the document', async () => {
    double.script(() => 'already-processed');
    const [sent] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml)).body);
    const [status] = dianResponses(answered(await call(double.url, signer, 'GetStatus', [['trackId', invoice.uniqueCode]])).body);

    expect(sent.errorMessages).to.deep.equal(['Regla: 90, Rechazo: Documento procesado anteriormente.']);
    expect(sent.xmlDocumentKey).to.equal(invoice.uniqueCode);
    expect(status).to.deep.include({ statusCode: '00', isValid: 'true', xmlDocumentKey: invoice.uniqueCode });
  });

  it('rejects a document changed after signing with ZE02 and AR 04, and records the failed document-signature check', async () => {
    const tampered = invoice.xml.replace('Producto A', 'Producto Z');
    expect(tampered).to.not.equal(invoice.xml);

    const [response] = dianResponses(answered(await sendBillSync(double.url, signer, tampered)).body);

    expect(response).to.deep.include({ statusCode: '99', isValid: 'false', errorMessages: ['Regla: ZE02, Rechazo: Valor de la firma inválido.'] });
    expect(applicationResponse(response.xmlBase64Bytes).responseCodes).to.deep.equal(['04', 'ZE02']);
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['document-signature']);
  });

  it('with a trusted CA configured, validates a document chaining to it and rejects one signed under another CA with ZE02', async () => {
    const stranger = makeTestPki();
    const doubles = [await startDianDouble({ trustedCaPem: pki.rootPem }), await startDianDouble({ trustedCaPem: stranger.rootPem })];
    try {
      const [trusted, untrusted] = await Promise.all(doubles.map(async (strict) => dianResponses(answered(await sendBillSync(strict.url, signer, invoice.xml)).body)[0]));
      expect(trusted.statusCode).to.equal('00');
      expect(untrusted.errorMessages).to.deep.equal(['Regla: ZE02, Rechazo: Valor de la firma inválido.']);
    } finally {
      await Promise.all(doubles.map((strict) => strict.close()));
      stranger.remove();
    }
  });

  it('flags file names off DIAN’s pattern without refusing the document', async () => {
    const [response] = dianResponses(answered(await sendBillSync(double.url, signer, invoice.xml, { zip: 'invoice.zip', xml: 'fv900825759000260000000a.xml' })).body);

    expect(response.statusCode).to.equal('00');
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['zip-file-name', 'xml-file-name']);
  });

  it('refuses with 89 a contentFile that is not a ZIP and a synchronous ZIP with two documents', async () => {
    const other = await signedInvoice(pki, 'SETP990000002');
    const notZip = answered(await call(double.url, signer, 'SendBillSync', [['fileName', 'z09008257590002600000001.zip'], ['contentFile', Buffer.from(invoice.xml)]]));
    const two = answered(await call(double.url, signer, 'SendBillSync', [['fileName', 'z09008257590002600000001.zip'],
      ['contentFile', zipOf({ 'fv09008257590002600000001.xml': invoice.xml, 'fv09008257590002600000002.xml': other.xml })]]));

    expect(dianResponses(notZip.body)[0]).to.deep.include({ statusCode: '89', isValid: 'false', statusDescription: 'MIMEType del archivo inválido (application/octet-stream).', xmlDocumentKey: null });
    expect(dianResponses(two.body)[0]).to.deep.include({ statusCode: '89', statusDescription: 'El método síncrono solo puede recibir un documento.' });
    expect(double.failedChecks().map(({ check }) => check.name)).to.deep.equal(['zip-magic', 'zip-single-document']);
  });

  it('answers GetStatus 66 for an unknown key and 89 for a key that is too short', async () => {
    const [unknown] = dianResponses(answered(await call(double.url, signer, 'GetStatus', [['trackId', 'a'.repeat(96)]])).body);
    const [short] = dianResponses(answered(await call(double.url, signer, 'GetStatus', [['trackId', 'abc']])).body);

    expect(unknown).to.deep.include({ statusCode: '66', statusDescription: 'TrackId no existe en los registros de la DIAN.' });
    expect(short).to.deep.include({ statusCode: '89', statusDescription: 'TrackId inválido (Length).' });
  });

  it('reads a payroll sent with SendNominaSync: type, NumeroSecuenciaXML/@Numero, CUNE and the Empleador’s NIT', async () => {
    const payroll = await signedPayroll(pki, 'NE100');

    const answer = answered(await call(double.url, signer, 'SendNominaSync', [['contentFile', zipOf({ 'nie09008257592600000001.xml': payroll.xml })]]));

    expect(answer.body).to.include('<SendNominaSyncResponse xmlns="http://wcf.dian.colombia">');
    expect(dianResponses(answer.body)[0]).to.deep.include({ statusCode: '00', xmlDocumentKey: payroll.uniqueCode, xmlFileName: 'nie09008257592600000001' });
    expect(double.requests[0].documents).to.deep.equal([{ type: 'NominaIndividual', number: 'NE100', uniqueCode: payroll.uniqueCode, issuerNit: '900825759', entryName: 'nie09008257592600000001.xml' }]);
    expect(double.failedChecks()).to.deep.equal([]);
  });

  it('takes an acceptance event with SendEventUpdateStatus (sender’s NIT, CUDE) and answers rule 90 for the same event again', async () => {
    const event = signedEvent(pki, 'EV1', 'c'.repeat(96));
    const send = () => call(double.url, signer, 'SendEventUpdateStatus', [['contentFile', zipOf({ 'ar09008257590002600000001.xml': event })]]);

    const [first] = dianResponses(answered(await send()).body);
    const [again] = dianResponses(answered(await send()).body);

    expect(first).to.deep.include({ statusCode: '00', xmlDocumentKey: 'c'.repeat(96) });
    expect(again.errorMessages).to.deep.equal(['Regla: 90, Rechazo: Documento procesado anteriormente.']);
    expect(double.requests[0].documents).to.deep.equal([{ type: 'ApplicationResponse', number: 'EV1', uniqueCode: 'c'.repeat(96), issuerNit: '900825759', entryName: 'ar09008257590002600000001.xml' }]);
    expect(double.failedChecks()).to.deep.equal([]);
  });
});
