import { X509Certificate, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { download } from '../../api/documents/artifacts/artifact-http.ts';
import { BASES, FAMILIES, FORMATS, issueOneOfEach, type IssuedFamily } from '../../api/documents/artifacts/issued-documents.ts';
import { issueValidated } from '../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { findAll, parseXml } from '../../support/artifacts/xml-tree.ts';
import { xmllint } from '../../support/artifacts/xml-schema.ts';
import { keyInfoCertificatePem, xmlsecVerify } from '../../support/signing/xmlsec.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { startTestApp, type TestApp } from '../../support/test-app.ts';

const VERIFIED = /SignedInfo References \(ok\/all\): 3\/3/;

/** The XML a download holds: the file and, for an AttachedDocument, the company's signed document inside it. */
function signedXmlsOf(format: string, bytes: Buffer): { kind: string; xml: string }[] {
  const xml = bytes.toString('utf8');
  if (format !== 'attached-xml') return [{ kind: parseXml(xml).name, xml }];
  const inner = findAll(parseXml(xml), 'Attachment/ExternalReference/Description')[0].text;
  return [{ kind: 'AttachedDocument', xml }, { kind: `${parseXml(inner).name} inside the AttachedDocument`, xml: inner }];
}

/**
 * One character of the signed content changed: the last of the document number's first occurrence outside the
 * ds:Signature. A short number (NE1) also turns up now and then in the base64 of the test's fresh certificate or
 * signature value, where a changed byte fails the certificate's check rather than the digest's.
 */
function tampered(xml: string, number: string): string {
  const signature = /<ds:Signature[\s>][\s\S]*?<\/ds:Signature>/.exec(xml);
  const searched = signature ? `${xml.slice(0, signature.index)}${' '.repeat(signature[0].length)}${xml.slice(signature.index + signature[0].length)}` : xml;
  const found = searched.indexOf(number);
  expect(found, `${number} outside the signature`).to.be.at.least(0);
  const at = found + number.length - 1;
  const digit = xml[at] === '9' ? '8' : String(Number(xml[at]) + 1);
  return `${xml.slice(0, at)}${digit}${xml.slice(at + 1)}`;
}

describe('XadesSigner: every XML the sandbox produces for DIAN is signed (xmlsec1 verifies, XSD valid)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let pki: TestPki;
  let issued: Record<IssuedFamily, Record<string, any>>;
  let key: string;

  before(async () => {
    pki = makeTestPki();
    app = await startTestApp({ SECRETS_KEY: randomBytes(32).toString('hex') });
    const tenant = await app.createTenant();
    key = tenant.key;
    await app.container.certificates.import({ tenantId: tenant.tenantId, environment: 'test', pkcs12: pki.p12, password: pki.password }, { actor: 'test', correlationId: 'test' });
    issued = await issueOneOfEach(app, key);
  });
  after(async () => {
    await app.close();
    pki.remove();
  });

  for (const family of FAMILIES) {
    for (const format of FORMATS[family].filter((candidate) => candidate.endsWith('xml'))) {
      it(`${family} ${format}: XSD valid, verified by xmlsec1 with the issuing CA trusted (3/3), and one changed byte fails`, async () => {
        const answer = await download(app, BASES[family], issued[family].id, format, key);
        expect(answer.status).to.equal(200);

        for (const { kind, xml } of signedXmlsOf(format, answer.bytes)) {
          const lint = xmllint(xml);
          expect(lint.status, `${kind}: ${lint.output}`).to.equal(0);
          const verified = xmlsecVerify(xml, pki.rootPem);
          expect(verified.status, `${kind}: ${verified.output}`).to.equal(0);
          expect(verified.output, kind).to.match(VERIFIED);
          expect(keyInfoCertificatePem(xml), kind).to.equal(new X509Certificate(pki.leafPem).toString());
          const broken = xmlsecVerify(tampered(xml, issued[family].number), pki.rootPem);
          expect(broken.status, `${kind} tampered: ${broken.output}`).to.not.equal(0);
          expect(broken.output, kind).to.match(/FAIL/);
        }
      });
    }
  }

  it('signs a company without an imported certificate with its generated self-signed test certificate, the same one each time', async () => {
    const other = await app.createTenant({ nit: '800197268' });
    const first = await issueValidated(app, 'sales-invoice', other.key, sampleInvoice());
    const second = await issueValidated(app, 'sales-invoice', other.key, sampleInvoice({ identification: '2222222221' }));

    const xmls = await Promise.all([first, second].map(async (document) => (await download(app, BASES['sales-invoice'], document.id, 'xml', other.key)).bytes.toString('utf8')));

    const certificate = keyInfoCertificatePem(xmls[0]);
    expect(keyInfoCertificatePem(xmls[1])).to.equal(certificate);
    const parsed = new X509Certificate(certificate);
    expect(parsed.subject).to.equal(parsed.issuer);
    expect(parsed.subject).to.include('800197268');
    expect(BigInt(`0x${parsed.serialNumber}`) < 2n ** 63n).to.equal(true);
    for (const xml of xmls) {
      expect(xmllint(xml).status).to.equal(0);
      expect(xmlsecVerify(xml, certificate).output).to.match(VERIFIED);
    }
    const registry = await app.container.certificates.registry(other.tenantId, 'test');
    expect(registry.certificates.map((kept) => [kept.origin, kept.privateKey.protection])).to.deep.equal([['generated-test', 'sealed']]);
  });
});
