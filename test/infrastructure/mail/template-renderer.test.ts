import { expect } from 'chai';
import { DESIGNS, TEMPLATES } from '../../../domain/messages/template-catalog.ts';
import { HandlebarsTemplateRenderer } from '../../../infrastructure/mail/handlebars-template-renderer.ts';
import { brand, invoiceData, otpData } from '../../support/messaging-app.ts';

describe('Handlebars templates and designs', () => {
  const renderer = new HandlebarsTemplateRenderer();
  const acme = brand();

  it('given each template in each design, then a subject, a responsive HTML with the brand’s logo, colors and legal details, and a text part', () => {
    for (const template of TEMPLATES) {
      for (const design of DESIGNS) {
        const label = `${template.slug}/${design}`;
        const { subject, html, text } = renderer.render({ slug: template.slug, design, brand: acme, data: template.sampleData });
        expect(subject, label).to.match(/\S/).and.not.match(/\n/);
        expect(html, label).to.contain('<meta name="viewport" content="width=device-width, initial-scale=1">').and.contain('@media (max-width: 620px)');
        expect(html, label).to.contain(`src="${acme.logoUrl}"`).and.contain(acme.colors.primary).and.contain(acme.colors.secondary);
        expect(html, label).to.contain(acme.legal.legalName).and.contain(`NIT ${acme.legal.nit}`).and.contain(acme.legal.address!);
        expect(text, label).to.contain(acme.name).and.contain(`NIT ${acme.legal.nit}`).and.not.contain('<');
      }
    }
  });

  it('given the three designs, then each gives a different HTML layout for the same message', () => {
    const htmls = DESIGNS.map((design) => renderer.render({ slug: 'codigo-otp', design, brand: acme, data: otpData() }).html);
    expect(new Set(htmls).size).to.equal(3);
  });

  it('given invoice data, then the subject names the document and the body carries its number, total, summary rows, CUFE and attachment', () => {
    const { subject, html, text } = renderer.render({ slug: 'factura-electronica', design: 'moderno', brand: acme, data: invoiceData() });
    expect(subject).to.equal('Factura electrónica de venta SETP990000001 de ACME Facturación');
    for (const part of [html, text]) {
      for (const fragment of ['SETP990000001', 'Alan company name', '$ 83.300,00', 'Subtotal', 'IVA 19 %', '$ 13.300,00', 'abc123', 'factura.zip', '2026-03-31']) {
        expect(part).to.contain(fragment);
      }
    }
  });

  it('given an OTP, then the code, purpose, validity, device and location are shown', () => {
    const { html, text } = renderer.render({ slug: 'codigo-otp', design: 'minimal', brand: acme, data: otpData() });
    for (const part of [html, text]) for (const fragment of ['482913', 'iniciar sesión', '10 minutos', 'Ana Gómez', 'Chrome en Windows', 'Bogotá']) expect(part).to.contain(fragment);
  });

  it('given data with markup, then the HTML escapes it and the text part keeps it as typed', () => {
    const { html, text } = renderer.render({ slug: 'codigo-otp', design: 'moderno', brand: acme, data: { ...otpData(), nombre: '<script>alert(1)</script> & Co' } });
    expect(html).to.contain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).not.to.contain('<script>');
    expect(text).to.contain('<script>alert(1)</script> & Co');
  });

  it('given a brand without a logo, then its name stands in the header', () => {
    const { html } = renderer.render({ slug: 'codigo-otp', design: 'clasico', brand: brand({ logoUrl: null }), data: otpData() });
    expect(html).not.to.contain('<img');
    expect(html).to.contain('ACME Facturación</span>');
  });
});
