import { expect } from 'chai';
import type { SigningRequest, XmlSigner } from '../../../application/ports/xml-signer.ts';
import { UNSIGNED_XML } from '../../../application/ports/xml-signer.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { AcceptanceState } from '../../../domain/acceptance/acceptance-state.ts';
import { eventCude } from '../../../domain/unique-codes/event-cude.ts';
import { softwareSecurityCode } from '../../../domain/unique-codes/software-security-code.ts';
import { DianEventXmlRenderer } from '../../../infrastructure/acceptance/dian-event-xml-renderer.ts';
import type { SoftwareIdentities } from '../../../application/ports/software-identity.ts';
import { HABILITACION_SOFTWARE } from '../../../domain/numbering/habilitacion.ts';
import { find, findAll, parseXml, textAt, type XmlElement } from '../../support/artifacts/xml-tree.ts';
import { strictDianIssues, xmllint } from '../../support/artifacts/xml-schema.ts';
import { creditInvoice, ISSUER_TENANT, ownEvent, PERSON, RECEIVER, trailOf } from './event-fixtures.ts';

/** Every company on DIAN's habilitación software, as the test environment uses while a company registered none. */
const HABILITACION_IDENTITIES: SoftwareIdentities = { of: async () => ({ ...HABILITACION_SOFTWARE }) };

const ISSUER_NIT = '900825759';

/** Remembers every request and answers the XML unchanged, as a company without a certificate yet would. */
class RecordingSigner implements XmlSigner {
  readonly calls: Array<{ xml: string; request: SigningRequest }> = [];
  async sign(xml: string, request: SigningRequest): Promise<string> {
    this.calls.push({ xml, request });
    return xml;
  }
}

/** Puts a stand-in signature in the empty ExtensionContent, as the XAdES signer will. */
const FILLING_SIGNER: XmlSigner = {
  sign: async (xml) => xml.replace('<ext:ExtensionContent/>', '<ext:ExtensionContent><sig:Signature xmlns:sig="urn:test:signature">signed</sig:Signature></ext:ExtensionContent>'),
};

function expectXsdValid(xml: string): void {
  const lint = xmllint(xml);
  expect(lint.status, lint.output).to.equal(0);
  expect(strictDianIssues(xml)).to.deep.equal([]);
}

/** The event's CUDE recomputed by reference §2.3 from the XML's own fields. */
function cudeFromXml(root: XmlElement, pin: string): string {
  return eventCude({
    eventNumber: textAt(root, 'ID'),
    issueDate: textAt(root, 'IssueDate'),
    issueTime: textAt(root, 'IssueTime'),
    issuerNit: textAt(root, 'SenderParty/PartyTaxScheme/CompanyID'),
    receiverId: textAt(root, 'ReceiverParty/PartyTaxScheme/CompanyID'),
    responseCode: textAt(root, 'DocumentResponse/Response/ResponseCode'),
    referencedDocumentNumber: textAt(root, 'DocumentResponse/DocumentReference/ID'),
    referencedDocumentTypeCode: textAt(root, 'DocumentResponse/DocumentReference/DocumentTypeCode'),
    softwarePin: pin,
  });
}

describe('DianEventXmlRenderer: the ApplicationResponse of an acceptance event the company sends', () => {
  let invoice: DocumentState;
  let trail: AcceptanceState;
  let claimTrail: AcceptanceState;

  before(() => {
    invoice = creditInvoice();
    trail = trailOf(
      invoice,
      [
        { code: '030', at: '2026-03-04T15:00:00.000Z', person: PERSON },
        { code: '032', at: '2026-03-04T16:30:05.000Z' },
        { code: '033', at: '2026-03-05T14:00:00.000Z' },
      ],
    );
    claimTrail = trailOf(invoice, [
      { code: '030', at: '2026-03-04T15:00:00.000Z' },
      { code: '031', at: '2026-03-04T17:00:00.000Z', claimConcept: '02', person: PERSON },
    ]);
  });

  const tacitTrail = () => trailOf(invoice, [{ code: '030', at: '2026-03-04T15:00:00.000Z' }, { code: '032', at: '2026-03-04T16:30:05.000Z' }], '2026-03-10T06:00:00.000Z');
  const render = (state: AcceptanceState, number: string, signer: XmlSigner = UNSIGNED_XML) =>
    new DianEventXmlRenderer(HABILITACION_IDENTITIES, signer).render(ownEvent(invoice, state, number));

  const ownKinds: Array<[string, () => AcceptanceState, string]> = [
    ['030', () => trail, '1'],
    ['031', () => claimTrail, '2'],
    ['032', () => trail, '2'],
    ['033', () => trail, '3'],
    ['034', tacitTrail, '3'],
  ];

  for (const [code, state, number] of ownKinds) {
    it(`renders ${code} valid against the ApplicationResponse XSD and DIAN's DianExtensions, with its code, the invoice's CUFE and a CUDE that recomputes`, async () => {
      const xml = await render(state(), number);
      expectXsdValid(xml);
      const root = parseXml(xml);
      const record = state().records.find((candidate) => candidate.number === number)!;

      expect(root.name).to.equal('ApplicationResponse');
      expect(textAt(root, 'DocumentResponse/Response/ResponseCode')).to.equal(code);
      expect(textAt(root, 'DocumentResponse/Response/Description')).to.equal(record.name);
      expect(textAt(root, 'DocumentResponse/DocumentReference/ID')).to.equal('SETP990000001');
      const cufe = find(root, 'DocumentResponse/DocumentReference/UUID')!;
      expect(cufe.text).to.equal(invoice.uniqueCode).and.match(/^[0-9a-f]{96}$/);
      expect(cufe.attributes.schemeName).to.equal('CUFE-SHA384');
      expect(textAt(root, 'DocumentResponse/DocumentReference/DocumentTypeCode')).to.equal('01');
      const uuid = find(root, 'UUID')!;
      expect(uuid.attributes).to.deep.equal({ schemeID: '2', schemeName: 'CUDE-SHA384' });
      expect(uuid.text).to.equal(record.uniqueCode).and.equal(cudeFromXml(root, HABILITACION_SOFTWARE.pin));
      expect(textAt(root, 'ID')).to.equal(number);
      const [sender, receiver] = code === '034' ? [ISSUER_NIT, RECEIVER.nit] : [RECEIVER.nit, ISSUER_NIT];
      expect(textAt(root, 'SenderParty/PartyTaxScheme/CompanyID')).to.equal(sender);
      expect(textAt(root, 'ReceiverParty/PartyTaxScheme/CompanyID')).to.equal(receiver);
    });
  }

  it('states DIAN 2.1 profile, the environment, the Colombian issue instant and the sender as software provider', async () => {
    const root = parseXml(await render(trail, '2'));

    expect(textAt(root, 'UBLVersionID')).to.equal('UBL 2.1');
    expect(textAt(root, 'CustomizationID')).to.equal('1');
    expect(textAt(root, 'ProfileID')).to.equal('DIAN 2.1: ApplicationResponse de la Factura Electrónica de Venta');
    expect(textAt(root, 'ProfileExecutionID')).to.equal('2');
    expect(textAt(root, 'IssueDate')).to.equal('2026-03-04');
    expect(textAt(root, 'IssueTime')).to.equal('11:30:05-05:00');
    const dian = find(root, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions')!;
    const provider = find(dian, 'SoftwareProvider/ProviderID')!;
    expect(provider.text).to.equal(RECEIVER.nit);
    expect(provider.attributes).to.include({ schemeID: '4', schemeName: '31' });
    expect(textAt(dian, 'SoftwareProvider/SoftwareID')).to.equal(HABILITACION_SOFTWARE.id);
    expect(textAt(dian, 'SoftwareSecurityCode')).to.equal(softwareSecurityCode({ softwareId: HABILITACION_SOFTWARE.id, softwarePin: HABILITACION_SOFTWARE.pin, documentNumber: '2' }));
    expect(textAt(dian, 'AuthorizationProvider/AuthorizationProviderID')).to.equal('800197268');
    expect(textAt(dian, 'QRCode')).to.equal(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${textAt(root, 'UUID')}`);
    expect(textAt(root, 'SenderParty/PartyTaxScheme/RegistrationName')).to.equal(RECEIVER.name);
    expect(textAt(root, 'ReceiverParty/PartyTaxScheme/RegistrationName')).to.equal('HALLTEC S.A.S.');
  });

  it('on a live key states environment 1 and the production lookup URL', async () => {
    const live = creditInvoice('live');
    const liveTrail = trailOf(live, [{ code: '030', at: '2026-03-04T15:00:00.000Z' }]);
    const xml = await new DianEventXmlRenderer(HABILITACION_IDENTITIES, UNSIGNED_XML).render(ownEvent(live, liveTrail, '1'));
    expectXsdValid(xml);
    const root = parseXml(xml);

    expect(textAt(root, 'ProfileExecutionID')).to.equal('1');
    expect(find(root, 'UUID')!.attributes.schemeID).to.equal('1');
    expect(textAt(root, 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions/QRCode')).to.match(/^https:\/\/catalogo-vpfe\.dian\.gov\.co\//);
  });

  it('names a claim’s concept in ResponseCode listID and name, and the person who acted in IssuerParty', async () => {
    const root = parseXml(await render(claimTrail, '2'));

    const code = find(root, 'DocumentResponse/Response/ResponseCode')!;
    expect(code.attributes).to.deep.equal({ listID: '02', name: 'Mercancía no entregada totalmente' });
    const person = find(root, 'DocumentResponse/IssuerParty/Person')!;
    expect(find(person, 'ID')!.attributes).to.deep.equal({ schemeName: '13' });
    expect([textAt(person, 'ID'), textAt(person, 'FirstName'), textAt(person, 'FamilyName'), textAt(person, 'JobTitle'), textAt(person, 'OrganizationDepartment')]).to.deep.equal([
      '12345667',
      'Pepito',
      'Perez',
      'Contador',
      'Compras',
    ]);
  });

  it('leaves out listID and IssuerParty where the event has no concept nor person', async () => {
    const root = parseXml(await render(trail, '2'));

    expect(find(root, 'DocumentResponse/Response/ResponseCode')!.attributes).to.deep.equal({});
    expect(find(root, 'DocumentResponse/IssuerParty')).to.equal(undefined);
  });

  it('has the issuer swear to the tacit acceptance (034) in a note citing the 032 event’s CUDE', async () => {
    const state = tacitTrail();
    const root = parseXml(await render(state, '3'));

    const goods = state.records.find((record) => record.code === '032')!;
    expect(textAt(root, 'Note')).to.include('Manifiesto bajo la gravedad de juramento').and.include(goods.uniqueCode).and.include('SETP990000001').and.include(RECEIVER.nit);
    expect(findAll(root, 'Note')).to.have.length(1);
  });

  it('asks the sender’s signer, with the event’s instant in Colombian time, to sign an XML whose second extension is empty', async () => {
    const signer = new RecordingSigner();
    await render(trail, '2', signer);
    await render(tacitTrail(), '3', signer);

    expect(signer.calls.map((call) => call.request)).to.deep.equal([
      { tenantId: RECEIVER.tenantId, environment: 'test', signingTime: '2026-03-04T11:30:05-05:00' },
      { tenantId: ISSUER_TENANT, environment: 'test', signingTime: '2026-03-10T01:00:00-05:00' },
    ]);
    const extensions = findAll(parseXml(signer.calls[0].xml), 'UBLExtensions/UBLExtension');
    expect(extensions).to.have.length(2);
    expect(find(extensions[0], 'ExtensionContent/DianExtensions')).to.not.equal(undefined);
    expect(find(extensions[1], 'ExtensionContent')!.children).to.deep.equal([]);
  });

  it('without a signature drops the empty placeholder, which the XSD refuses, and keeps the placeholder’s signature when signed', async () => {
    const unsigned = await render(trail, '1');
    const signed = await render(trail, '1', FILLING_SIGNER);

    expect(findAll(parseXml(unsigned), 'UBLExtensions/UBLExtension')).to.have.length(1);
    const extensions = findAll(parseXml(signed), 'UBLExtensions/UBLExtension');
    expect(extensions).to.have.length(2);
    expect(textAt(extensions[1], 'ExtensionContent/Signature')).to.equal('signed');
    expectXsdValid(signed);
    const placeholder = (await (async () => {
      const signer = new RecordingSigner();
      await render(trail, '1', signer);
      return signer.calls[0].xml;
    })());
    expect(xmllint(placeholder).status, 'the XSD refuses an empty ExtensionContent').to.not.equal(0);
  });

  it('renders the same event to the same bytes', async () => {
    expect(await render(tacitTrail(), '3')).to.equal(await render(tacitTrail(), '3'));
    expect(await render(claimTrail, '2')).to.equal(await render(claimTrail, '2'));
  });
});
