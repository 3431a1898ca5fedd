import { expect } from 'chai';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { pdfFonts, pdfText } from '../../support/artifacts/pdf-tools.ts';
import { validatedState } from './validated-state.ts';

const pdfOf = async (body: ReturnType<typeof sampleInvoice>, number: string) =>
  (await renderDocumentArtifact(validatedState('sales-invoice', body, { number }), 'pdf'))!.bytes;

describe('pdf: text in any script prints as written', function () {
  this.timeout(60_000);

  it('Greek, Cyrillic and symbols outside Windows-1252 read back with pdftotext, in an embedded font', async () => {
    const body = sampleInvoice({ observation: 'Entrega ✓ → bodega №3' });
    body.customer.company = 'Ελληνική Εταιρεία Α.Ε.';
    body.items[0].name = 'Чай зелёный, 100 г';
    const pdf = await pdfOf(body, 'SETP990000081');
    const text = pdfText(pdf);

    expect(text).to.contain('Ελληνική Εταιρεία Α.Ε.');
    expect(text).to.contain('Чай зелёный, 100 г');
    expect(text).to.contain('Entrega ✓ → bodega №3');
    expect(pdfFonts(pdf)).to.deep.include({ name: 'DejaVuSansCondensed', embedded: true });
  });

  it('a document whose text Windows-1252 holds keeps the standard fonts and embeds none', async () => {
    const body = sampleInvoice({ observation: 'Precio en € – “oferta” … Ñandú' });
    const pdf = await pdfOf(body, 'SETP990000082');

    expect(pdfText(pdf)).to.contain('Precio en € – “oferta” … Ñandú');
    const fonts = pdfFonts(pdf);
    expect(fonts.map(({ name }) => name)).to.have.members(['Helvetica', 'Helvetica-Bold']);
    expect(fonts.every(({ embedded }) => !embedded)).to.equal(true);
  });
});
