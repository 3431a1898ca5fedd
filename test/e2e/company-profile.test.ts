import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { download } from '../api/documents/artifacts/artifact-http.ts';
import { PAYROLLS, issueValidated as issueValidatedPayroll } from '../api/documents/payroll/payroll-test-helpers.ts';
import { validPayrollBody } from '../domain/payroll/valid-payroll-body.ts';
import { BASE, expectProblem, newIdempotencyKey, postInvoice } from '../support/api-test-helpers.ts';
import { schemaFor, xmllint } from '../support/artifacts/xml-schema.ts';
import { findAll, parseXml } from '../support/artifacts/xml-tree.ts';
import { COMPLETE_PROFILE, operatorKey, patchProfile } from '../support/company-profile-fixtures.ts';
import { issueValidated } from '../support/family-test-helpers.ts';
import { http } from '../support/http.ts';
import { issue, issuedInvoice, untilStatus } from '../support/invoice-management/invoice-steps.ts';
import { pngLogo } from '../support/logo-images.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../support/test-app.ts';
import { LIVE_READY, liveNumbering } from '../support/live-numbering.ts';

const scratch = mkdtempSync(join(tmpdir(), 'profile-e2e-'));
let files = 0;

function saved(bytes: Buffer, extension: string): string {
  const file = join(scratch, `file-${(files += 1)}.${extension}`);
  writeFileSync(file, bytes);
  return file;
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw result.error;
  expect(result.status, `${command} ${args.join(' ')}: ${result.stderr}`).to.equal(0);
  return result.stdout;
}

/** `xmllint --xpath string(...)` on the file; steps are local names, so no namespace needs registering. */
function xpath(file: string, path: string): string {
  const steps = path.split('/').map((step) => (step === '' ? '' : step.startsWith('@') ? step : `*[local-name()='${step}']`)).join('/');
  return run('xmllint', ['--xpath', `string(${steps})`, file]).replace(/\n$/, '');
}

const SUPPLIER = '/Invoice/AccountingSupplierParty';
const PARTY = `${SUPPLIER}/Party`;

describe('Company profile, end to end: the issuer in the XML and the PDF; live documents need a complete profile', function () {
  this.timeout(60_000);
  let app: TestApp;
  let admin: string;
  let tenant: TestTenant;
  const logo = pngLogo(48, 24);
  let xmlFile: string;
  let invoice: Record<string, any>;

  before(async () => {
    app = await startTestApp({ ...LIVE_READY });
    admin = await operatorKey(app);
    tenant = await app.createTenant();
    const patched = await patchProfile(app, admin, tenant.tenantId, { ...COMPLETE_PROFILE, logo: logo.toString('base64') });
    expect(patched.status, patched.text).to.equal(200);
    invoice = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    xmlFile = saved((await download(app, BASE, invoice.id, 'xml', tenant.key)).bytes, 'xml');
  });
  after(async () => {
    await app.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('given a profile with a logo, when an invoice is issued with a test key, then its XML states the address, municipality, postal code and country of the issuer', () => {
    const address = `${PARTY}/PhysicalLocation/Address`;
    expect(xpath(xmlFile, `${address}/AddressLine/Line`)).to.equal(COMPLETE_PROFILE.address);
    expect(xpath(xmlFile, `${address}/ID`)).to.equal('11001');
    expect(xpath(xmlFile, `${address}/CityName`)).to.equal('Bogotá, D.c.');
    expect(xpath(xmlFile, `${address}/CountrySubentityCode`)).to.equal('11');
    expect(xpath(xmlFile, `${address}/PostalZone`)).to.equal('110111');
    expect(xpath(xmlFile, `${address}/Country/IdentificationCode`)).to.equal('CO');
  });

  it('then PartyTaxScheme carries the responsibilities, the tax scheme and the registration address', () => {
    const scheme = `${PARTY}/PartyTaxScheme`;
    expect(xpath(xmlFile, `${scheme}/TaxLevelCode`)).to.equal('O-13;O-15');
    expect(xpath(xmlFile, `${scheme}/TaxScheme/ID`)).to.equal('01');
    expect(xpath(xmlFile, `${scheme}/RegistrationAddress/ID`)).to.equal('11001');
    expect(xpath(xmlFile, `${scheme}/RegistrationAddress/AddressLine/Line`)).to.equal(COMPLETE_PROFILE.address);
  });

  it('then the organization type, trade name, activities, commercial registration and contact are the profile’s', () => {
    expect(xpath(xmlFile, `${SUPPLIER}/AdditionalAccountID`)).to.equal('1');
    expect(xpath(xmlFile, `${PARTY}/PartyName/Name`)).to.equal('Trade 900825759');
    expect(xpath(xmlFile, `${PARTY}/IndustryClassificationCode`)).to.equal('6201;4711');
    expect(xpath(xmlFile, `${PARTY}/PartyLegalEntity/CorporateRegistrationScheme/ID`)).to.equal('SETP');
    expect(xpath(xmlFile, `${PARTY}/PartyLegalEntity/CorporateRegistrationScheme/Name`)).to.equal('12345-01');
    expect(xpath(xmlFile, `${PARTY}/Contact/Telephone`)).to.equal('+57 601 555 1234');
    expect(xpath(xmlFile, `${PARTY}/Contact/ElectronicMail`)).to.equal('facturas@halltec.example');
  });

  it('then the XML and the AttachedDocument (with the documents it embeds) validate against DIAN’s XSDs, the sender stating the profile', async () => {
    expect(xmllint(run('cat', [xmlFile])).status).to.equal(0);
    const attached = (await download(app, BASE, invoice.id, 'attached-xml', tenant.key)).bytes;
    const attachedFile = saved(attached, 'xml');
    expect(xpath(attachedFile, '/AttachedDocument/SenderParty/PartyTaxScheme/TaxLevelCode')).to.equal('O-13;O-15');
    const tree = parseXml(attached.toString('utf8'));
    const embedded = findAll(tree, 'Attachment/ExternalReference/Description').concat(findAll(tree, 'ParentDocumentLineReference/DocumentReference/Attachment/ExternalReference/Description'));
    for (const xml of [attached.toString('utf8'), ...embedded.map((element) => element.text)]) {
      const result = xmllint(xml, schemaFor(xml));
      expect(result.status, result.output).to.equal(0);
    }
  });

  it('then the PDF header shows the address, city, responsibilities and e-mail, and embeds the logo image (pdftotext, pdfimages)', async () => {
    const pdf = saved((await download(app, BASE, invoice.id, 'pdf', tenant.key)).bytes, 'pdf');
    const text = run('pdftotext', ['-enc', 'UTF-8', pdf, '-']).replace(/\s+/g, ' ');
    expect(text).to.contain(COMPLETE_PROFILE.address).and.to.contain('Bogotá, D.c.').and.to.contain('CP 110111');
    expect(text).to.contain('Responsabilidades fiscales: O-13; O-15').and.to.contain('facturas@halltec.example');
    expect(text).to.contain('Actividad económica (CIIU): 6201; 4711').and.to.contain('Matrícula mercantil: 12345-01');
    expect(text).to.not.contain('DEMOSTRACIÓN');
    const images = run('pdfimages', ['-list', pdf]).trim().split('\n').slice(2).map((line) => line.trim().split(/\s+/));
    expect(images.map((columns) => [columns[0], columns[2], columns[3], columns[4]])).to.deep.equal([['1', 'image', '48', '24']]);
  });

  it('given the profile changes after the invoice was issued, then the invoice’s files do not change', async () => {
    const before = await download(app, BASE, invoice.id, 'xml', tenant.key);
    expect((await patchProfile(app, admin, tenant.tenantId, { address: 'Avenida Siempreviva 742', logo: null })).status).to.equal(200);

    const after = await download(app, BASE, invoice.id, 'xml', tenant.key);
    expect(after.bytes.equals(before.bytes)).to.equal(true);
    const pdf = saved((await download(app, BASE, invoice.id, 'pdf', tenant.key)).bytes, 'pdf');
    expect(run('pdfimages', ['-list', pdf]).trim().split('\n')).to.have.length(3);
    await patchProfile(app, admin, tenant.tenantId, { address: COMPLETE_PROFILE.address });
  });

  it('given a payroll of that company, then its Empleador and LugarGeneracionXML are at the profile’s address, and it validates', async () => {
    const payroll = await issueValidatedPayroll(app, PAYROLLS, tenant.key, validPayrollBody());
    const file = saved((await download(app, PAYROLLS, payroll.id, 'xml', tenant.key)).bytes, 'xml');
    expect(xpath(file, '/NominaIndividual/Empleador/@Direccion')).to.equal(COMPLETE_PROFILE.address);
    expect(xpath(file, '/NominaIndividual/Empleador/@MunicipioCiudad')).to.equal('11001');
    expect(xpath(file, '/NominaIndividual/LugarGeneracionXML/@MunicipioCiudad')).to.equal('11001');
    expect(xmllint(run('cat', [file])).status).to.equal(0);
  });

  describe('a company without a complete profile', () => {
    let bare: TestTenant;
    before(async () => {
      bare = await app.createTenant({ nit: '800199436', profile: false });
      await liveNumbering(app, bare.tenantId);
    });

    it('given a live key, when it posts an invoice, then 422 company_profile_incomplete names every missing field, and nothing is created', async () => {
      const live = await app.createKey(bare.tenantId, ['invoices:read', 'invoices:write'], 'live');
      const idempotencyKey = newIdempotencyKey();

      const answer = await postInvoice(app, live.key, sampleInvoice(), { 'Idempotency-Key': idempotencyKey });

      const problem = expectProblem(answer, 422, 'company_profile_incomplete');
      const missing = ['address', 'municipality_code', 'organization_type', 'tax_scheme', 'responsibilities', 'email'];
      expect(problem.missing_fields).to.deep.equal(missing);
      for (const field of missing) expect(problem.detail).to.contain(field);
      const created = await app.container.eventStore.readAll({ maxCount: 100_000, filter: { eventTypes: ['DocumentCreated'] } });
      expect(created.filter((event) => event.metadata.tenantId === bare.tenantId)).to.deep.equal([]);
      const listed = await http(app.baseUrl, 'GET', BASE, { key: live.key });
      expect(listed.body.pagination.total).to.equal(0);
    });

    it('given part of the profile, then only what is still missing is named; a live payroll needs only the address and municipality', async () => {
      const live = await app.createKey(bare.tenantId, ['invoices:read', 'invoices:write'], 'live');
      await patchProfile(app, admin, bare.tenantId, { municipality_code: '05001', organization_type: '2' });

      const invoiceAnswer = await postInvoice(app, live.key);
      expect(expectProblem(invoiceAnswer, 422, 'company_profile_incomplete').missing_fields).to.deep.equal(['address', 'tax_scheme', 'responsibilities', 'email']);
      const payrollAnswer = await http(app.baseUrl, 'POST', PAYROLLS, { key: live.key, body: validPayrollBody(), headers: { 'Idempotency-Key': newIdempotencyKey() } });
      expect(expectProblem(payrollAnswer, 422, 'company_profile_incomplete').missing_fields).to.deep.equal(['address']);
    });

    it('given a test key, then the invoice is issued, its XML falls back to clearly marked demo data and still validates, and the PDF says so', async () => {
      const document = await issueValidated(app, 'sales-invoice', bare.key, sampleInvoice());
      const xml = (await download(app, BASE, document.id, 'xml', bare.key)).bytes;
      const file = saved(xml, 'xml');

      expect(xpath(file, `${PARTY}/PhysicalLocation/Address/AddressLine/Line`)).to.contain('DATO DE DEMOSTRACIÓN');
      expect(xpath(file, `${PARTY}/PhysicalLocation/Address/ID`)).to.equal('05001');
      expect(xpath(file, `${PARTY}/Contact/ElectronicMail`)).to.equal('demo@perfil-incompleto.invalid');
      expect(xmllint(xml.toString('utf8')).status).to.equal(0);
      const pdf = saved((await download(app, BASE, document.id, 'pdf', bare.key)).bytes, 'pdf');
      const text = run('pdftotext', ['-enc', 'UTF-8', pdf, '-']).replace(/\s+/g, ' ');
      expect(text).to.contain('DATOS DE DEMOSTRACIÓN').and.to.contain('dirección, tributo, responsabilidades fiscales, correo electrónico');
    });

    it('given a live draft finalized while the profile was incomplete, then issuing it is refused; once completed, it goes out with the profile of that moment', async () => {
      const company = await app.createTenant({ nit: '860034313', profile: false });
      await liveNumbering(app, company.tenantId);
      const live = await app.createKey(company.tenantId, ['invoices:read', 'invoices:write'], 'live');
      const draft = await issuedInvoice(app, live.key);

      const refused = await issue(app, live.key, draft.id);
      expect(expectProblem(refused, 422, 'company_profile_incomplete').missing_fields).to.have.length(6);
      expect((await http(app.baseUrl, 'GET', `/v1/invoices/${draft.id}`, { key: live.key })).body.status).to.equal('issued');

      await patchProfile(app, admin, company.tenantId, COMPLETE_PROFILE);
      expect((await issue(app, live.key, draft.id)).status).to.equal(202);
      const validated = await untilStatus(app, live.key, draft.id, 'validated');
      expect(validated.issuer.profile).to.include({ address: COMPLETE_PROFILE.address, email: COMPLETE_PROFILE.email });
      const xml = await fetch(`${app.baseUrl}/v1/invoices/${draft.id}/xml`, { headers: { Authorization: `Bearer ${live.key}` } });
      const file = saved(Buffer.from(await xml.arrayBuffer()), 'xml');
      expect(xpath(file, `${PARTY}/PhysicalLocation/Address/AddressLine/Line`)).to.equal(COMPLETE_PROFILE.address);
      expect(xpath(file, '/Invoice/ProfileExecutionID')).to.equal('1');
    });

    it('given the profile is completed, then the live key issues, and the document records the profile', async () => {
      const live = await app.createKey(bare.tenantId, ['invoices:read', 'invoices:write'], 'live');
      expect((await patchProfile(app, admin, bare.tenantId, { ...COMPLETE_PROFILE, municipality_code: '05001', postal_code: '050001' })).status).to.equal(200);

      const answer = await postInvoice(app, live.key);

      expect(answer.status, answer.text).to.equal(202);
      const record = await http(app.baseUrl, 'GET', `${BASE}/${answer.body.id}`, { key: live.key });
      expect(record.body.issuer.profile).to.include({ municipality_code: '05001', email: COMPLETE_PROFILE.email });
    });
  });
});
