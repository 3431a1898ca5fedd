import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { Issuer } from '../../../domain/documents/issuer.ts';
import { EMPTY_COMPANY_PROFILE, type CompanyProfile } from '../../../domain/tenancy/company-profile.ts';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import { NO_RENDER_SERVICES, type CompanyLogo, type RenderServices } from '../../../infrastructure/rendering/render-services.ts';
import { pdfImages, pdfText } from '../../support/artifacts/pdf-tools.ts';
import { xmllint } from '../../support/artifacts/xml-schema.ts';
import { find, parseXml, textAt } from '../../support/artifacts/xml-tree.ts';
import { supportDocumentBody } from '../../support/family-test-helpers.ts';
import { pngLogo, TINY_JPEG } from '../../support/logo-images.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { validatedState } from './validated-state.ts';

const LEGACY: Issuer = { nit: '900825759', dv: '7', legal_name: 'HALLTEC S.A.S.', trade_name: 'Halltec' };

function withProfile(profile: Partial<CompanyProfile>): Issuer {
  return { ...LEGACY, profile: { ...EMPTY_COMPANY_PROFILE, ...profile } };
}

function logoServices(bytes: Buffer, contentType: CompanyLogo['contentType']): RenderServices {
  return { ...NO_RENDER_SERVICES, logoOf: async () => ({ bytes, contentType }) };
}

const logoReference = (bytes: Buffer, contentType: CompanyLogo['contentType'], width: number, height: number) => ({
  sha256: createHash('sha256').update(bytes).digest('hex'), content_type: contentType, size: bytes.length, width, height,
});

describe('the issuer in the sandbox’s files', function () {
  this.timeout(30_000);

  it('given a document recorded before profiles existed, then it renders with the documented placeholders and nothing new', async () => {
    const state = validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000050', issuer: LEGACY });
    const xml = parseXml((await renderDocumentArtifact(state, 'xml'))!.bytes.toString('utf8'));
    const supplier = find(xml, 'AccountingSupplierParty')!;

    expect(textAt(supplier, 'Party/PhysicalLocation/Address/AddressLine/Line')).to.equal('Dirección no registrada');
    expect(textAt(supplier, 'Party/PartyTaxScheme/TaxLevelCode')).to.equal('R-99-PN');
    expect(find(supplier, 'Party/Contact')).to.equal(undefined);
    expect(find(supplier, 'Party/IndustryClassificationCode')).to.equal(undefined);
    const text = pdfText((await renderDocumentArtifact(state, 'pdf'))!.bytes);
    expect(text).to.not.contain('Tipo de persona').and.to.not.contain('DEMOSTRACIÓN');
  });

  it('given a JPEG logo, then the PDF embeds it as a JPEG', async () => {
    const issuer = withProfile({ logo: logoReference(TINY_JPEG, 'image/jpeg', 1, 1) });
    const state = validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000051', issuer });

    const pdf = (await renderDocumentArtifact(state, 'pdf', logoServices(TINY_JPEG, 'image/jpeg')))!.bytes;

    expect(pdfImages(pdf)).to.deep.equal([['image', '1', '1', 'jpeg']]);
  });

  it('given a PNG logo with transparency, then the PDF embeds the image and its soft mask', async () => {
    const png = pngLogo(30, 10, { alpha: true });
    const state = validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000052', issuer: withProfile({ logo: logoReference(png, 'image/png', 30, 10) }) });

    const pdf = (await renderDocumentArtifact(state, 'pdf', logoServices(png, 'image/png')))!.bytes;

    expect(pdfImages(pdf).map(([type, width, height]) => [type, width, height])).to.deep.equal([['image', '30', '10'], ['smask', '30', '10']]);
  });

  it('given logo bytes the PDF library cannot read, then the PDF is still rendered, without the image', async () => {
    const garbage = Buffer.from('not an image at all');
    const state = validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000053', issuer: withProfile({ logo: logoReference(garbage, 'image/png', 10, 10) }) });

    const pdf = (await renderDocumentArtifact(state, 'pdf', logoServices(garbage, 'image/png')))!.bytes;

    expect(pdfImages(pdf)).to.deep.equal([]);
    expect(pdfText(pdf)).to.contain('HALLTEC S.A.S.');
  });

  it('given a support document, then the issuing company is the customer party with its profile, and the XML validates', async () => {
    const issuer = withProfile({ address: 'Carrera 7 # 71-21', municipality_code: '05001', email: 'compras@halltec.example', responsibilities: ['O-23'], tax_scheme: 'ZZ', organization_type: '2', registration: '998877' });
    const state = validatedState('support-document', supportDocumentBody(), { number: 'SEDS984000001', issuer });
    const raw = (await renderDocumentArtifact(state, 'xml'))!.bytes.toString('utf8');
    const customer = find(parseXml(raw), 'AccountingCustomerParty')!;

    expect(xmllint(raw).status).to.equal(0);
    expect(textAt(customer, 'AdditionalAccountID')).to.equal('2');
    expect(textAt(customer, 'Party/PhysicalLocation/Address/CityName')).to.equal('Medellín');
    expect(textAt(customer, 'Party/PartyTaxScheme/TaxLevelCode')).to.equal('O-23');
    expect(textAt(customer, 'Party/PartyTaxScheme/TaxScheme/Name')).to.equal('No aplica');
    expect(textAt(customer, 'Party/PartyLegalEntity/CorporateRegistrationScheme/Name')).to.equal('998877');
    expect(find(customer, 'Party/PartyLegalEntity/CorporateRegistrationScheme/ID')).to.equal(undefined);
    expect(textAt(customer, 'Party/Contact/ElectronicMail')).to.equal('compras@halltec.example');
  });
});
