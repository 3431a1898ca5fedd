import { expect } from 'chai';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { firstPageQr, pdfText } from '../../support/artifacts/pdf-tools.ts';
import { validatedState } from './validated-state.ts';
import { xmllint } from '../../support/artifacts/xml-schema.ts';
import { findAll, parseXml, textAt } from '../../support/artifacts/xml-tree.ts';

const HOSTILE = 'Pago <inmediato> & "total" ]]> fin\u0007';

describe('free text of the body cannot break the artifacts', function () {
  this.timeout(60_000);
  const body = sampleInvoice({ observation: HOSTILE });
  body.customer.company = 'Ñandú & Cía; S.A.S.\r\nBcc: x@y.co';
  const state = validatedState('sales-invoice', body, {
    number: 'SETP990000077',
    issuer: { nit: '900825759', dv: '7', legal_name: 'HALLTEC; S.A.S.\nX', trade_name: 'Halltec <b>' },
  });

  it('the XML escapes markup, drops control characters, and still validates', async () => {
    const xml = (await renderDocumentArtifact(state, 'xml'))!.bytes.toString('utf8');

    expect(xmllint(xml).status).to.equal(0);
    expect(textAt(parseXml(xml), 'Note')).to.equal('Pago <inmediato> & "total" ]]> fin');
    expect(textAt(parseXml(xml), 'AccountingCustomerParty/Party/PartyTaxScheme/RegistrationName')).to.equal(body.customer.company);
  });

  it('the AttachedDocument embeds that XML verbatim and validates', async () => {
    const attached = (await renderDocumentArtifact(state, 'attached-xml'))!.bytes.toString('utf8');
    const own = (await renderDocumentArtifact(state, 'xml'))!.bytes.toString('utf8');

    expect(xmllint(attached).status).to.equal(0);
    expect(findAll(parseXml(attached), 'Attachment/ExternalReference/Description')[0].text).to.equal(own);
  });

  it('the e-mail subject has no line break and no extra separator, whatever the names hold', async () => {
    const zip = await renderDocumentArtifact(state, 'zip');

    expect(decodeURIComponent(zip!.headers!['X-Email-Subject'])).to.equal('900825759;HALLTEC, S.A.S. X;SETP990000077;01;Halltec <b>');
  });

  it('the PDF shows the accented names and keeps its QR readable', async () => {
    const pdf = (await renderDocumentArtifact(state, 'pdf'))!.bytes;

    expect(pdfText(pdf)).to.contain('Ñandú & Cía; S.A.S.');
    expect(firstPageQr(pdf)?.text).to.contain(`CUFE: ${state.uniqueCode}`);
  });
});
