import { expect } from 'chai';
import { noteCudeFields } from '../../../domain/notes/note-cude-fields.ts';
import { computeNoteTotals } from '../../../domain/notes/note-totals.ts';
import { cude, cudeConcatenation } from '../../../domain/unique-codes/cude.ts';
import { INC8, IVA19, item } from '../sales-invoice/item.ts';
import { validNoteBody } from './valid-note-body.ts';

describe('computeNoteTotals of a credit note', () => {
  it('given one unit returned at 10000 with IVA 19 %, then the totals are those of the line', () => {
    const totals = computeNoteTotals(validNoteBody());

    expect(totals).to.deep.include({
      line_extension_amount: '10000.00',
      tax_exclusive_amount: '10000.00',
      tax_amount: '1900.00',
      tax_inclusive_amount: '11900.00',
      payable_amount: '11900.00',
      rounding_amount: '0.00',
    });
    expect(totals.taxes).to.deep.equal([{ code: '01', rate: '19.00', taxable_amount: '10000.00', tax_amount: '1900.00' }]);
    expect(totals.tax_totals).to.deep.equal([{ code: '01', taxable_amount: '10000.00', tax_amount: '1900.00' }]);
    expect(totals.lines).to.have.length(1);
  });

  it('given a discounted line with IVA and INC and an untaxed line, then the sales-invoice arithmetic applies', () => {
    const totals = computeNoteTotals({ ...validNoteBody(), items: [item('1000.00', '2.00', [IVA19, INC8], '10.00'), item('50.00')] });

    expect(totals.lines[0]).to.deep.include({ gross_amount: '2000.00', discount_amount: '200.00', line_extension_amount: '1800.00' });
    expect(totals.line_extension_amount).to.equal('1850.00');
    expect(totals.tax_exclusive_amount).to.equal('1800.00');
    expect(totals.tax_totals).to.deep.equal([
      { code: '01', taxable_amount: '1800.00', tax_amount: '342.00' },
      { code: '04', taxable_amount: '1800.00', tax_amount: '144.00' },
    ]);
    expect(totals.payable_amount).to.equal('2336.00');
  });
});

describe('CUDE of a credit note from its computed totals (reference §2.2, vector V2)', () => {
  it('given the annex credit note (1 × 5000 + IVA 19 %), when the CUDE fields come from the totals, then the vector hash results', () => {
    const body = {
      ...validNoteBody(),
      customer: { identification_document_code: '13', identification: '8355990', legal_organization: '2', names: 'Adquiriente' },
      items: [item('5000.00', '1.00', [IVA19])],
      payment_details: undefined,
    };
    const totals = computeNoteTotals(body);

    const fields = noteCudeFields(totals, body.customer.identification, {
      number: '8110007871',
      issueDate: '2019-01-12',
      issueTime: '07:00:00-05:00',
      issuerNit: '900373076',
      softwarePin: '12301',
      environment: '1',
    });

    expect(fields).to.deep.include({ lineExtensionAmount: '5000.00', ivaAmount: '950.00', incAmount: '0.00', icaAmount: '0.00', payableAmount: '5950.00' });
    expect(cudeConcatenation(fields)).to.equal('81100078712019-01-1207:00:00-05:005000.0001950.00040.00030.005950.009003730768355990123011');
    expect(cude(fields)).to.equal('907e4444decc9e59c160a2fb3b6659b33dc5b632a5008922b9a62f83f757b1c448e47f5867f2b50dbdb96f48c7681168');
  });
});
