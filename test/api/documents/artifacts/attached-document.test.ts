import { expect } from 'chai';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { find, findAll, parseXml, textAt, type XmlElement } from '../../../support/artifacts/xml-tree.ts';
import { download } from './artifact-http.ts';
import { BASES, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

const CONTAINERS = [
  { family: 'sales-invoice', code: 'cufe' },
  { family: 'credit-note', code: 'cude' },
  { family: 'debit-note', code: 'cude' },
] as const;

describe('attached-xml: the AttachedDocument holds the document and DIAN’s ApplicationResponse', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
  });
  after(() => app.close());

  async function container(family: IssuedFamily): Promise<{ attached: XmlElement; documentXml: string; responseXml: string; ownXml: string }> {
    const attached = parseXml((await download(app, BASES[family], issued[family].id, 'attached-xml', tenant.key)).bytes.toString('utf8'));
    return {
      attached,
      documentXml: textAt(attached, 'Attachment/ExternalReference/Description'),
      responseXml: textAt(attached, 'ParentDocumentLineReference/DocumentReference/Attachment/ExternalReference/Description'),
      ownXml: (await download(app, BASES[family], issued[family].id, 'xml', tenant.key)).bytes.toString('utf8').trim(),
    };
  }

  for (const { family, code } of CONTAINERS) {
    it(`${family}: the container embeds exactly the xml download, between the issuer and the customer`, async () => {
      const { attached, documentXml, ownXml } = await container(family);
      const record = issued[family];

      expect(documentXml).to.equal(ownXml);
      expect(textAt(attached, 'ParentDocumentID')).to.equal(record.number);
      expect(textAt(attached, 'CustomizationID')).to.equal('Documentos adjuntos');
      expect(textAt(attached, 'SenderParty/PartyTaxScheme/CompanyID')).to.equal(record.issuer.nit);
      expect(textAt(attached, 'ReceiverParty/PartyTaxScheme/CompanyID')).to.equal(record.customer.identification);
      expect(textAt(attached, 'ParentDocumentLineReference/DocumentReference/UUID')).to.equal(record[code]);
      expect(textAt(attached, 'ParentDocumentLineReference/DocumentReference/ResultOfVerification/ValidationResultCode')).to.equal('02');
    });

    it(`${family}: the ApplicationResponse is DIAN’s 02 "validated" answer about this number and code`, async () => {
      const response = parseXml((await container(family)).responseXml);
      const record = issued[family];

      expect(response.name).to.equal('ApplicationResponse');
      expect(textAt(response, 'DocumentResponse/Response/ResponseCode')).to.equal('02');
      expect(textAt(response, 'DocumentResponse/Response/Description')).to.equal('Documento validado por la DIAN');
      expect(textAt(response, 'DocumentResponse/DocumentReference/ID')).to.equal(record.number);
      expect(textAt(response, 'DocumentResponse/DocumentReference/UUID')).to.equal(record[code]);
      expect(textAt(response, 'SenderParty/PartyTaxScheme/CompanyID')).to.equal('800197268');
      expect(textAt(response, 'ReceiverParty/PartyTaxScheme/CompanyID')).to.equal(record.issuer.nit);
      expect(textAt(response, 'IssueDate')).to.equal(record.validated_at && colombianDate(record.validated_at));
    });
  }

  it('the authority’s notifications (warnings) of a validated invoice are notes and line responses of its answer', async () => {
    const response = parseXml((await container('sales-invoice')).responseXml);
    const [warning] = issued['sales-invoice'].warnings;

    expect(warning?.code).to.equal('RUT01');
    expect(findAll(response, 'Note').map((note) => note.text)).to.deep.equal([`${warning.code}: ${warning.message}`]);
    const lines = findAll(response, 'DocumentResponse/LineResponse/Response');
    expect(lines.map((line) => textAt(line, 'ResponseCode'))).to.deep.equal([warning.code, '0']);
    expect(textAt(lines[0], 'Description')).to.equal(warning.message);
  });

  it('a document validated without notifications gets an answer without notes', async () => {
    const response = parseXml((await container('credit-note')).responseXml);

    expect(findAll(response, 'Note')).to.have.length(0);
    expect(find(response, 'DocumentResponse/LineResponse')).to.not.equal(undefined);
  });
});

function colombianDate(instant: string): string {
  return new Date(new Date(instant).getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
}
