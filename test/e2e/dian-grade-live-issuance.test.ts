import { X509Certificate } from 'node:crypto';
import { expect } from 'chai';
import { softwareSecurityCode } from '../../domain/unique-codes/software-security-code.ts';
import { parseXml, textAt } from '../support/artifacts/xml-tree.ts';
import { xmllint } from '../support/artifacts/xml-schema.ts';
import { PATHS, issueValidated, newKey, post } from '../support/family-test-helpers.ts';
import { http } from '../support/http.ts';
import { LIVE_READY } from '../support/live-numbering.ts';
import { REQUIRED_PROFILE } from '../support/required-profile.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { keyInfoCertificatePem, xmlsecVerify } from '../support/signing/xmlsec.ts';
import { makeTestPki, type TestPki } from '../support/signing/test-pki.ts';
import { startTestApp, type TestApp, type TestTenant } from '../support/test-app.ts';

const OPERATOR = { actor: 'operator:test', correlationId: 'dian-grade' };
const SOFTWARE = { softwareId: 'c1f0a5e2-own-software', pin: '54321' };

/**
 * Issue 14 as a whole, in live: a company with its profile, its own 3-number resolution, its software identity and a
 * certificate imported from a PKCS#12 issues three invoices; each one is numbered from the resolution, carries the
 * company's software, is signed with its certificate (xmlsec1 verifies it against the issuing CA), and a fourth is
 * refused with nothing created.
 */
describe('DIAN-grade issuance in live: profile, resolution, software and certificate together', function () {
  this.timeout(120_000);
  let app: TestApp;
  let pki: TestPki;
  let company: TestTenant;
  const validated: Record<string, any>[] = [];

  before(async () => {
    pki = makeTestPki();
    app = await startTestApp({ ...LIVE_READY });
    company = await app.createTenant({ environment: 'live' });
    const { numbering, certificates } = app.container;
    await numbering.catalog.register(
      company.tenantId,
      { environment: 'live', family: 'sales-invoice', prefix: 'FEB', from: 1, to: 3, number: '18764000001', validFrom: '2026-01-01', validTo: '2030-12-31', technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c' },
      OPERATOR,
    );
    await numbering.software.set(company.tenantId, { environment: 'live', ...SOFTWARE }, OPERATOR);
    await certificates.import({ tenantId: company.tenantId, environment: 'live', pkcs12: pki.p12, password: pki.password }, OPERATOR);
    for (let n = 0; n < 3; n += 1) validated.push(await issueValidated(app, 'sales-invoice', company.key, sampleInvoice()));
  });
  after(async () => {
    await app.close();
    pki.remove();
  });

  it('numbers the three invoices FEB1, FEB2, FEB3 and refuses the fourth with 422 numbering_unavailable, creating nothing', async () => {
    expect(validated.map((invoice) => invoice.number)).to.deep.equal(['FEB1', 'FEB2', 'FEB3']);
    const fourth = await post(app, 'sales-invoice', company.key, sampleInvoice(), newKey());
    expect(fourth.status).to.equal(422);
    expect(fourth.body.code).to.equal('numbering_unavailable');
    const listed = await http(app.baseUrl, 'GET', `${PATHS['sales-invoice']}?per_page=100`, { key: company.key });
    expect(listed.body.data).to.have.length(3);
  });

  it('states the company’s resolution, software and profile in the XML, which validates against the XSD', async () => {
    const xml = await invoiceXml(validated[1].id);
    expect(xmllint(xml).status, xmllint(xml).output).to.equal(0);
    const root = parseXml(xml);
    const dian = 'UBLExtensions/UBLExtension/ExtensionContent/DianExtensions';
    expect(textAt(root, `${dian}/InvoiceControl/InvoiceAuthorization`)).to.equal('18764000001');
    expect(textAt(root, `${dian}/InvoiceControl/AuthorizedInvoices/Prefix`)).to.equal('FEB');
    expect(textAt(root, `${dian}/InvoiceControl/AuthorizedInvoices/To`)).to.equal('3');
    expect(textAt(root, `${dian}/SoftwareProvider/SoftwareID`)).to.equal(SOFTWARE.softwareId);
    expect(textAt(root, `${dian}/SoftwareSecurityCode`)).to.equal(softwareSecurityCode({ softwareId: SOFTWARE.softwareId, softwarePin: SOFTWARE.pin, documentNumber: 'FEB2' }));
    expect(textAt(root, 'ProfileExecutionID')).to.equal('1');
    expect(xml).to.include(REQUIRED_PROFILE.address).and.include(REQUIRED_PROFILE.email);
  });

  it('is signed with the imported certificate: xmlsec1 verifies 3/3 against its CA, and one changed byte fails', async () => {
    const xml = await invoiceXml(validated[2].id);
    expect(new X509Certificate(keyInfoCertificatePem(xml)).serialNumber).to.equal(new X509Certificate(pki.leafPem).serialNumber);
    const verified = xmlsecVerify(xml, pki.rootPem);
    expect(verified.status, verified.output).to.equal(0);
    expect(verified.output).to.match(/SignedInfo References \(ok\/all\): 3\/3/);
    const changed = xml.replace('<cbc:ID>FEB3</cbc:ID>', '<cbc:ID>FEB4</cbc:ID>');
    expect(changed).not.to.equal(xml);
    expect(xmlsecVerify(changed, pki.rootPem).status).not.to.equal(0);
  });

  async function invoiceXml(id: string): Promise<string> {
    const answer = await http(app.baseUrl, 'GET', `${PATHS['sales-invoice']}/${id}/xml`, { key: company.key });
    expect(answer.status).to.equal(200);
    return answer.text;
  }
});
