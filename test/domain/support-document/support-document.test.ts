import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { computeSupportDocumentTotals } from '../../../domain/support-document/compute-support-document-totals.ts';
import { normalizeSupportDocument } from '../../../domain/support-document/normalize-support-document.ts';
import { supportDocumentCudsFields } from '../../../domain/support-document/support-document-cuds-fields.ts';
import { supportDocumentFamily } from '../../../domain/documents/families/index.ts';
import { cuds, cudsConcatenation } from '../../../domain/unique-codes/cuds.ts';
import { validSupportDocumentBody } from './valid-support-document-body.ts';

describe('support document defaults and reference', () => {
  it('given a provider without country and a line without defaults, when normalized, then CO and the line defaults are filled', () => {
    const body = validSupportDocumentBody();
    delete body.provider!.country_code;
    body.items = [{ quantity: '1', price: '10' } as never];

    const normalized = normalizeSupportDocument(body);

    expect(normalized.provider!.country_code).to.equal('CO');
    expect(normalized.provider).to.not.have.any.keys('tribute_code', 'responsibilities');
    expect(normalized.items).to.deep.equal([
      { quantity: '1', price: '10', discount_rate: '0.00', unit_measure_code: '94', standard_code: '999', taxes: [], withholding_taxes: [] },
    ]);
    expect(normalized.payment_details).to.deep.equal(body.payment_details);
  });

  it('given a complete body, when normalized, then nothing changes', () => {
    expect(normalizeSupportDocument(validSupportDocumentBody())).to.deep.equal(validSupportDocumentBody());
  });

  it('given any support document, then it references and voids nothing', () => {
    const body = validSupportDocumentBody() as unknown as Record<string, unknown>;
    expect(supportDocumentFamily.reference(body)).to.equal(null);
    expect(supportDocumentFamily.voidsReference(body)).to.equal(false);
  });
});

describe('CUDS of a support document from its computed totals (reference §2.4)', () => {
  it('given the Factus DS example, when the CUDS fields come from the totals, then only IVA counts and withholdings stay out', () => {
    const body = validSupportDocumentBody();
    const totals = computeSupportDocumentTotals(body);

    const fields = supportDocumentCudsFields(totals, body.provider!.identification, {
      number: 'DS100',
      issueDate: '2024-05-02',
      issueTime: '08:15:00-05:00',
      issuerNit: '900825759',
      softwarePin: '12345',
      environment: '2',
    });

    const concatenation = 'DS1002024-05-0208:15:00-05:00' + '80000.00' + '01' + '15200.00' + '95200.00' + '2343543' + '900825759' + '12345' + '2';
    expect(fields).to.deep.include({ lineExtensionAmount: '80000.00', ivaAmount: '15200.00', payableAmount: '95200.00', sellerId: '2343543' });
    expect(cudsConcatenation(fields)).to.equal(concatenation);
    expect(cuds(fields)).to.equal(createHash('sha384').update(concatenation).digest('hex'));
  });
});
