import { DOMParser, type Element } from '@xmldom/xmldom';
import { expect } from 'chai';
import { X509Certificate } from 'node:crypto';
import { createDianWebServices } from '../../../../infrastructure/dian/web-services/create-dian-web-services.ts';
import type { DianCall } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';
import { IN_PROCESS_98 } from './dian-replies.ts';
import { SoapTestServer } from './soap-test-server.ts';
import { xmlsecVerifyEnvelope } from './ws-security-xmlsec.ts';

const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsa: 'http://www.w3.org/2005/08/addressing',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
};
const NOW = new Date('2026-03-02T15:04:05.123Z');

function one(root: Element, namespace: string, localName: string): Element {
  const found = root.getElementsByTagNameNS(namespace, localName);
  expect(found.length, `${localName} elements`).to.equal(1);
  return found[0];
}

describe('DIAN web services: the signed WS-Security envelope', () => {
  let pki: TestPki;
  let server: SoapTestServer;
  let call: DianCall;
  let envelope: string;
  let root: Element;

  before(async () => {
    pki = makeTestPki();
    server = await SoapTestServer.start();
    call = { endpoint: `${server.endpoint}?wsdl`, credentials: { privateKeyPem: pki.leafKeyPem, chainPem: [pki.leafPem, pki.rootPem] } };
    const client = createDianWebServices({ timeoutMs: 5000, clock: () => NOW });
    server.soap(IN_PROCESS_98);
    await client.getStatus(call, 'a'.repeat(96));
    envelope = server.last.body;
    root = new DOMParser().parseFromString(envelope, 'text/xml').documentElement!;
  });

  after(async () => {
    await server.close();
    pki.remove();
  });

  it('verifies with xmlsec1 and the signing certificate, both references (To, Timestamp) checked', () => {
    const verification = xmlsecVerifyEnvelope(envelope, pki.leafPem);
    expect(verification.output).to.match(/^OK$/m);
    expect(verification.output).to.contain('SignedInfo References (ok/all): 2/2');
    expect(verification.status).to.equal(0);
  });

  it('fails xmlsec1 after one byte of wsa:To changes', () => {
    const tampered = envelope.replace('WcfDianCustomerServices.svc</wsa:To>', 'WcfDianCustomerServices.svC</wsa:To>');
    expect(tampered).to.not.equal(envelope);
    const verification = xmlsecVerifyEnvelope(tampered, pki.leafPem);
    expect(verification.status).to.not.equal(0);
    expect(verification.output).to.not.match(/^OK$/m);
  });

  it('fails xmlsec1 after the Timestamp changes, and with another certificate', () => {
    const tampered = envelope.replace('<wsu:Expires>2026-03-02T15:09:05.123Z', '<wsu:Expires>2026-03-02T15:09:06.123Z');
    expect(tampered).to.not.equal(envelope);
    expect(xmlsecVerifyEnvelope(tampered, pki.leafPem).status).to.not.equal(0);
    expect(xmlsecVerifyEnvelope(envelope, pki.rootPem).status).to.not.equal(0);
  });

  it('declares soap and wcf on the Envelope and wsa on the Header, and has no whitespace between elements', () => {
    expect(envelope).to.match(/^<soap:Envelope xmlns:soap="http:\/\/www\.w3\.org\/2003\/05\/soap-envelope" xmlns:wcf="http:\/\/wcf\.dian\.colombia"><soap:Header xmlns:wsa="http:\/\/www\.w3\.org\/2005\/08\/addressing">/);
    expect(envelope).to.not.match(/>\s+</);
  });

  it('addresses the endpoint without ?wsdl in a wsu:Id-bearing wsa:To, and POSTs there', () => {
    const to = one(root, NS.wsa, 'To');
    expect(to.textContent).to.equal(server.endpoint);
    expect(to.getAttributeNS(NS.wsu, 'Id')).to.match(/^ID-[0-9a-f]{32}$/);
    expect(server.last.method).to.equal('POST');
    expect(server.last.url).to.equal('/WcfDianCustomerServices.svc');
  });

  it('stamps Created with the clock in UTC and Expires five minutes later', () => {
    const timestamp = one(root, NS.wsu, 'Timestamp');
    expect(one(timestamp, NS.wsu, 'Created').textContent).to.equal('2026-03-02T15:04:05.123Z');
    expect(one(timestamp, NS.wsu, 'Expires').textContent).to.equal('2026-03-02T15:09:05.123Z');
  });

  it('carries only the signing certificate (DER base64) in the BinarySecurityToken, and KeyInfo refers to it', () => {
    const token = one(root, NS.wsse, 'BinarySecurityToken');
    expect(token.textContent).to.equal(new X509Certificate(pki.leafPem).raw.toString('base64'));
    expect(token.getAttribute('ValueType')).to.equal('http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3');
    expect(token.getAttribute('EncodingType')).to.equal('http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary');
    const keyInfo = one(root, NS.ds, 'KeyInfo');
    const reference = one(one(keyInfo, NS.wsse, 'SecurityTokenReference'), NS.wsse, 'Reference');
    expect(reference.getAttribute('URI')).to.equal(`#${token.getAttributeNS(NS.wsu, 'Id')}`);
    expect(reference.getAttribute('ValueType')).to.equal(token.getAttribute('ValueType'));
  });

  it('signs with RSA-SHA256 over exclusive C14N with the PrefixLists of reference §2, SHA-256 digests of To and Timestamp', () => {
    const signedInfo = one(root, NS.ds, 'SignedInfo');
    const c14n = one(signedInfo, NS.ds, 'CanonicalizationMethod');
    expect(c14n.getAttribute('Algorithm')).to.equal('http://www.w3.org/2001/10/xml-exc-c14n#');
    expect(c14n.getElementsByTagNameNS('http://www.w3.org/2001/10/xml-exc-c14n#', 'InclusiveNamespaces')[0].getAttribute('PrefixList')).to.equal('wsa soap wcf');
    expect(one(signedInfo, NS.ds, 'SignatureMethod').getAttribute('Algorithm')).to.equal('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const references = Array.from(signedInfo.getElementsByTagNameNS(NS.ds, 'Reference'));
    const to = one(root, NS.wsa, 'To');
    const timestamp = one(root, NS.wsu, 'Timestamp');
    expect(references.map((reference) => reference.getAttribute('URI'))).to.deep.equal([`#${to.getAttributeNS(NS.wsu, 'Id')}`, `#${timestamp.getAttributeNS(NS.wsu, 'Id')}`]);
    for (const reference of references) {
      const transform = one(reference, NS.ds, 'Transform');
      expect(transform.getAttribute('Algorithm')).to.equal('http://www.w3.org/2001/10/xml-exc-c14n#');
      expect(transform.getElementsByTagNameNS('http://www.w3.org/2001/10/xml-exc-c14n#', 'InclusiveNamespaces')[0].getAttribute('PrefixList')).to.equal('soap wcf');
      expect(one(reference, NS.ds, 'DigestMethod').getAttribute('Algorithm')).to.equal('http://www.w3.org/2001/04/xmlenc#sha256');
    }
  });

  it('never puts the private key in the message', () => {
    const keyBody = pki.leafKeyPem.split('\n').filter((line) => line && !line.startsWith('-----'));
    for (const line of keyBody) expect(envelope).to.not.contain(line);
  });

  it('uses fresh Ids for every message', async () => {
    const client = createDianWebServices({ timeoutMs: 5000, clock: () => NOW });
    await client.getStatus(call, 'b'.repeat(96));
    const ids = (xml: string) => /wsu:Id="(ID-[0-9a-f]+)"/.exec(xml)?.[1];
    expect(ids(server.last.body)).to.be.a('string').and.not.equal(ids(envelope));
  });
});
