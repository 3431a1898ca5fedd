import { createHash, X509Certificate } from 'node:crypto';
import { expect } from 'chai';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import { NO_RENDER_SERVICES, type RenderServices } from '../../../infrastructure/rendering/render-services.ts';
import { signXml } from '../../../infrastructure/signing/sign-xml.ts';
import { pkiRenderServices } from '../../support/signing/pki-render-services.ts';
import { validPayrollBody } from '../../domain/payroll/valid-payroll-body.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { find, findAll, parseXml, textAt, type XmlElement } from '../../support/artifacts/xml-tree.ts';
import { xmllint } from '../../support/artifacts/xml-schema.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { validatedState } from '../rendering/validated-state.ts';

const POLICY = 'https://facturaelectronica.dian.gov.co/politicadefirma/v2/politicadefirmav2.pdf';
const POLICY_SHA256 = 'dMoMvtcG5aIzgYo0tIsSQeVJBDnUnfSOfBpxXrmor0Y=';

function signature(xml: string): XmlElement {
  const extensions = findAll(parseXml(xml), 'UBLExtensions/UBLExtension');
  const signed = find(extensions.at(-1)!, 'ExtensionContent/Signature');
  if (!signed) throw new Error('no ds:Signature in the last UBLExtension');
  return signed;
}

describe('signXml: the XAdES-EPES shape of DIAN’s policy v2', function () {
  this.timeout(30_000);
  let pki: TestPki;
  let services: RenderServices;
  const invoice = () => validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000042' });
  const payroll = () => validatedState('payroll', { ...validPayrollBody() }, { number: 'NE100' });

  before(() => {
    pki = makeTestPki();
    services = pkiRenderServices(pki);
  });
  after(() => pki.remove());

  const render = async (state: ReturnType<typeof invoice>, signed = true) => (await renderDocumentArtifact(state, 'xml', signed ? services : NO_RENDER_SERVICES))!.bytes.toString('utf8');

  it('has three references in DIAN’s order: the document (enveloped), KeyInfo, SignedProperties (typed)', async () => {
    const signed = signature(await render(invoice()));

    const references = findAll(signed, 'SignedInfo/Reference');
    const id = signed.attributes.Id;

    expect(id).to.match(/^xmldsig-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(references.map((reference) => reference.attributes.URI)).to.deep.equal(['', `#${id}-keyinfo`, `#${id}-signedprops`]);
    expect(findAll(references[0], 'Transforms/Transform').map((transform) => transform.attributes.Algorithm)).to.deep.equal(['http://www.w3.org/2000/09/xmldsig#enveloped-signature']);
    expect(references[2].attributes.Type).to.equal('http://uri.etsi.org/01903#SignedProperties');
    expect(find(signed, 'SignedInfo/CanonicalizationMethod')!.attributes.Algorithm).to.equal('http://www.w3.org/TR/2001/REC-xml-c14n-20010315');
    expect(find(signed, 'SignedInfo/SignatureMethod')!.attributes.Algorithm).to.equal('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(references.map((reference) => find(reference, 'DigestMethod')!.attributes.Algorithm)).to.deep.equal(Array(3).fill('http://www.w3.org/2001/04/xmlenc#sha256'));
    expect(find(signed, 'KeyInfo')!.attributes.Id).to.equal(`${id}-keyinfo`);
  });

  it('states the issue instant, the certificates’ digests and issuer serials, the policy with its digest and the supplier role', async () => {
    const xml = await render(invoice());
    const signed = signature(xml);
    const properties = find(signed, 'Object/QualifyingProperties/SignedProperties/SignedSignatureProperties')!;
    const keyInfoDer = Buffer.from(textAt(signed, 'KeyInfo/X509Data/X509Certificate'), 'base64');
    const certificates = findAll(properties, 'SigningCertificate/Cert');

    expect(find(signed, 'Object/QualifyingProperties')!.attributes.Target).to.equal(`#${signed.attributes.Id}`);
    expect(textAt(properties, 'SigningTime')).to.equal('2026-03-02T23:59:58-05:00');
    expect(certificates).to.have.length(2);
    expect(textAt(certificates[0], 'CertDigest/DigestValue')).to.equal(createHash('sha256').update(keyInfoDer).digest('base64'));
    expect(keyInfoDer.equals(new X509Certificate(pki.leafPem).raw)).to.equal(true);
    expect(textAt(certificates[0], 'IssuerSerial/X509SerialNumber')).to.equal('4242424242');
    expect(textAt(certificates[0], 'IssuerSerial/X509IssuerName')).to.equal('CN=Raiz de prueba,O=ECD de prueba,C=CO');
    expect(textAt(certificates[1], 'IssuerSerial/X509SerialNumber')).to.equal('1001');
    expect(textAt(properties, 'SignaturePolicyIdentifier/SignaturePolicyId/SigPolicyId/Identifier')).to.equal(POLICY);
    expect(textAt(properties, 'SignaturePolicyIdentifier/SignaturePolicyId/SigPolicyId/Description')).to.match(/facturas electrónicas/);
    expect(textAt(properties, 'SignaturePolicyIdentifier/SignaturePolicyId/SigPolicyHash/DigestValue')).to.equal(POLICY_SHA256);
    expect(textAt(properties, 'SignerRole/ClaimedRoles/ClaimedRole')).to.equal('supplier');
  });

  it('uses the literal ds: and xades: prefixes DIAN’s verifier looks for', async () => {
    const xml = await render(invoice());

    expect(xml).to.include('<ds:Signature Id="xmldsig-');
    expect(xml).to.include('<xades:SigPolicyHash>');
    expect(xml).to.include('<xades:SigningTime>');
  });

  it('signs a payroll in its single UBLExtension with the payroll policy description', async () => {
    const xml = await render(payroll());
    const signed = signature(xml);

    expect(findAll(parseXml(xml), 'UBLExtensions/UBLExtension')).to.have.length(1);
    expect(textAt(signed, 'Object/QualifyingProperties/SignedProperties/SignedSignatureProperties/SignaturePolicyIdentifier/SignaturePolicyId/SigPolicyId/Description')).to.match(/nóminas electrónicas/);
  });

  it('renders the same document to the same bytes, and two documents with different Ids', async () => {
    const [first, again, other] = [await render(invoice()), await render(invoice()), await render(validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000043' }))];

    expect(again).to.equal(first);
    expect(signature(other).attributes.Id).to.not.equal(signature(first).attributes.Id);
  });

  it('leaves unsigned renders XSD-valid: the empty signature extension is dropped', async () => {
    for (const state of [invoice(), payroll()]) {
      const xml = await render(state, false);

      expect(xml).to.not.include('<ext:ExtensionContent/>');
      expect(xmllint(xml).status, xmllint(xml).output).to.equal(0);
    }
  });

  it('refuses an XML without an empty ExtensionContent in its last UBLExtension, or with content in it', () => {
    const material = { privateKeyPem: pki.leafKeyPem, chain: [new X509Certificate(pki.leafPem).raw] };

    const EXT = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
    const taken = `<Invoice xmlns="urn:x" xmlns:ext="${EXT}"><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent/></ext:UBLExtension><ext:UBLExtension><ext:ExtensionContent><x/></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions><ID>1</ID></Invoice>`;

    expect(() => signXml('<Invoice xmlns="urn:x"><ID>1</ID></Invoice>', material, '2026-03-02T23:59:58-05:00')).to.throw(/no empty ext:ExtensionContent/);
    expect(() => signXml(taken, material, '2026-03-02T23:59:58-05:00')).to.throw(/no empty ext:ExtensionContent/);
    expect(() => signXml(taken.replace('<x/>', ''), material, '2026-03-02T23:59:58-05:00')).to.not.throw();
  });
});
