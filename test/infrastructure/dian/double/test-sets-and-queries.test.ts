import { expect } from 'chai';
import { DEFAULT_PAYROLL_TEST_SET_ID, startDianDouble, type DianDouble } from '../../../support/dian-double/dian-double.ts';
import { NS } from '../../../support/dian-double/namespaces.ts';
import { zipOf, type RequestSigner } from '../../../support/dian-double/signed-request.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';
import { answered, call, dianResponses, sendBillSync, signedInvoice, signedPayroll, textOf, XML_NAME, ZIP_NAME, type SignedDocument } from './double-fixtures.ts';

const TEST_SET = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('DIAN double: test sets, batches, numbering ranges and downloads', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let signer: RequestSigner;
  let double: DianDouble;
  let invoices: SignedDocument[];

  before(async () => {
    pki = makeTestPki();
    signer = { keyPem: pki.leafKeyPem, certificatePem: pki.leafPem };
    invoices = [await signedInvoice(pki, 'SETP990000001'), await signedInvoice(pki, 'SETP990000002'), await signedInvoice(pki, 'SETP990000003'), await signedInvoice(pki, 'SETP990000004')];
  });
  after(() => pki.remove());
  beforeEach(async () => {
    double = await startDianDouble({ testSet: { id: TEST_SET, required: { Invoice: 2 } }, zipPendingPolls: 2, numbering: { accountCode: '900825759', softwareCode: 'soft-1' } });
  });
  afterEach(async () => double.close());

  async function upload(xml: string, testSetId: string, entry = XML_NAME): Promise<string> {
    const answer = answered(await call(double.url, signer, 'SendTestSetAsync', [['fileName', ZIP_NAME], ['contentFile', zipOf({ [entry]: xml })], ['testSetId', testSetId]]));
    expect(answer.body).to.include('<b:ErrorMessageList i:nil="true"/>');
    expect(answer.body).to.include(`xmlns:b="${NS.upload}"`);
    const zipKey = textOf(answer.body, NS.upload, 'ZipKey')!;
    expect(zipKey).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    return zipKey;
  }
  const poll = async (zipKey: string) => dianResponses(answered(await call(double.url, signer, 'GetStatusZip', [['trackId', zipKey]])).body);

  it('runs a test set: pending polls, each document’s answer, counts, then "se encuentra Aceptado." for later uploads', async () => {
    double.script((document) => (document.number === 'SETP990000002' ? 'rejected' : undefined));
    const keys = [];
    for (const invoice of invoices.slice(0, 3)) keys.push(await upload(invoice.xml, TEST_SET));

    const first = [await poll(keys[0]), await poll(keys[0]), await poll(keys[0])];
    expect(first.map((items) => items.map((item) => [item.statusCode, item.statusDescription]))).to.deep.equal([
      [['', 'Batch en proceso de validación.']], [['', 'Batch en proceso de validación.']], [['00', 'Procesado Correctamente.']],
    ]);
    expect(first[2][0].xmlDocumentKey).to.equal(invoices[0].uniqueCode);
    await poll(keys[1]);
    await poll(keys[1]);
    expect((await poll(keys[1]))[0]).to.deep.include({ statusCode: '99', isValid: 'false' });
    expect(double.testSet(TEST_SET)).to.deep.equal({ id: TEST_SET, accepted: { Invoice: 2 }, rejected: 1, status: 'Aceptado' });

    const late = await upload(invoices[3].xml, TEST_SET);
    await poll(late);
    await poll(late);
    expect((await poll(late))[0]).to.deep.include({ statusCode: '2', statusDescription: `Set de prueba con identificador ${TEST_SET} se encuentra Aceptado.` });
    expect(double.stored(invoices[3].uniqueCode)).to.equal(undefined);
  });

  it('answers "es incorrecto." for an unknown test set id, and counts payroll only in the payroll test set', async () => {
    const payroll = await signedPayroll(pki, 'NE100');
    const wrong = await upload(invoices[0].xml, '11111111-2222-3333-4444-555555555555');
    const payrollInInvoiceSet = await upload(payroll.xml, TEST_SET, 'nie09008257592600000001.xml');
    const payrollInPayrollSet = await upload(payroll.xml, DEFAULT_PAYROLL_TEST_SET_ID, 'nie09008257592600000001.xml');
    for (const key of [wrong, payrollInInvoiceSet, payrollInPayrollSet]) for (let index = 0; index < 2; index += 1) await poll(key);

    expect((await poll(wrong))[0]).to.deep.include({ statusCode: '2', statusDescription: 'Set de prueba con identificador 11111111-2222-3333-4444-555555555555 es incorrecto.' });
    expect((await poll(payrollInInvoiceSet))[0].statusDescription).to.equal(`Set de prueba con identificador ${TEST_SET} es incorrecto.`);
    expect((await poll(payrollInPayrollSet))[0]).to.deep.include({ statusCode: '00', xmlDocumentKey: payroll.uniqueCode });
    expect(double.testSet(DEFAULT_PAYROLL_TEST_SET_ID)).to.deep.include({ accepted: { NominaIndividual: 1 }, status: 'En proceso' });
    expect(double.testSet(TEST_SET)).to.deep.include({ accepted: {}, rejected: 0 });
  });

  it('refuses an upload without test set id, and a GetStatusZip track id that is not a GUID', async () => {
    const answer = answered(await call(double.url, signer, 'SendTestSetAsync', [['fileName', ZIP_NAME], ['contentFile', zipOf({ [XML_NAME]: invoices[0].xml })]]));
    const [malformed] = dianResponses(answered(await call(double.url, signer, 'GetStatusZip', [['trackId', 'not-a-guid']])).body);

    expect(textOf(answer.body, NS.trackIdItem, 'ProcessedMessage')).to.equal('Identificador del set de pruebas es obligatorio.');
    expect(answer.body).to.include('<b:ZipKey i:nil="true"/>');
    expect(malformed).to.deep.include({ statusCode: '89', statusDescription: 'Formato trackId inválido.' });
  });

  it('SendBillAsync answers a ZipKey whose GetStatusZip gives the document’s answer once processed', async () => {
    const answer = answered(await call(double.url, signer, 'SendBillAsync', [['fileName', ZIP_NAME], ['contentFile', zipOf({ [XML_NAME]: invoices[0].xml })]]));
    const zipKey = textOf(answer.body, NS.upload, 'ZipKey')!;
    await poll(zipKey);
    await poll(zipKey);

    expect((await poll(zipKey))[0]).to.deep.include({ statusCode: '00', xmlDocumentKey: invoices[0].uniqueCode });
    expect(double.sendsOf(invoices[0].uniqueCode)).to.equal(1);
  });

  it('GetNumberingRange: the SETP range for the configured NIT and software, 301 for another NIT, 302 for another software', async () => {
    const ask = async (accountCode: string, softwareCode: string) => answered(await call(double.url, signer, 'GetNumberingRange', [['accountCode', accountCode], ['accountCodeT', accountCode], ['softwareCode', softwareCode]])).body;

    const ok = await ask('900825759', 'soft-1');
    expect(textOf(ok, NS.rangeList, 'OperationCode')).to.equal('100');
    expect(textOf(ok, NS.rangeList, 'OperationDescription')).to.equal('Acción completada OK.');
    expect(['ResolutionNumber', 'ResolutionDate', 'Prefix', 'FromNumber', 'ToNumber', 'ValidDateFrom', 'ValidDateTo', 'TechnicalKey'].map((name) => textOf(ok, NS.range, name)))
      .to.deep.equal(['18760000001', '2019-01-19', 'SETP', '990000000', '995000000', '2019-01-19', '2030-01-19', 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c']);
    expect(textOf(await ask('800197268', 'soft-1'), NS.rangeList, 'OperationCode')).to.equal('301');
    expect(textOf(await ask('900825759', 'other'), NS.rangeList, 'OperationCode')).to.equal('302');
  });

  it('GetXmlByDocumentKey returns the stored document’s XML, and 404 for an unknown key', async () => {
    await sendBillSync(double.url, signer, invoices[0].xml);

    const known = answered(await call(double.url, signer, 'GetXmlByDocumentKey', [['trackId', invoices[0].uniqueCode]])).body;
    const unknown = answered(await call(double.url, signer, 'GetXmlByDocumentKey', [['trackId', 'f'.repeat(96)]])).body;

    expect(Buffer.from(textOf(known, NS.eventResponse, 'XmlBytesBase64')!, 'base64').toString('utf8')).to.equal(invoices[0].xml);
    expect(textOf(known, NS.eventResponse, 'Code')).to.equal('100');
    expect(textOf(unknown, NS.eventResponse, 'Code')).to.equal('404');
  });
});
