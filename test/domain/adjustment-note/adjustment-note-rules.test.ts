import { expect } from 'chai';
import { checkAdjustmentNoteRules } from '../../../domain/adjustment-note/adjustment-note-rules.ts';
import { validAdjustmentNoteBody } from './valid-adjustment-note-body.ts';

const CONCEPTS =
  '1 (Devolución parcial de los bienes y/o no aceptación parcial del servicio), 2 (Anulación del documento soporte), ' +
  '3 (Rebaja o descuento parcial o total), 4 (Ajuste de precio), 5 (Otros)';

describe('checkAdjustmentNoteRules', () => {
  it('given a price adjustment of a support document, when checked, then there is no issue', () => {
    expect(checkAdjustmentNoteRules(validAdjustmentNoteBody())).to.deep.equal([]);
  });

  it('given every concept of the adjustment-note catalog 1–5 (5 = other), then each is admitted', () => {
    for (const concept of ['1', '2', '3', '4', '5']) expect(checkAdjustmentNoteRules(validAdjustmentNoteBody(concept))).to.deep.equal([]);
  });

  it('given concept 6 (a credit-note concept), when checked, then the five adjustment-note concepts are listed', () => {
    expect(checkAdjustmentNoteRules(validAdjustmentNoteBody('6'))).to.deep.equal([
      { field: 'concept', message: `"6" is not an adjustment note concept; allowed: ${CONCEPTS}` },
    ]);
  });

  it('given no support document number, when checked, then it is required with the reason', () => {
    const { support_document_number: _omitted, ...body } = validAdjustmentNoteBody();
    expect(checkAdjustmentNoteRules(body)).to.deep.equal([
      { field: 'support_document_number', message: 'is required: an adjustment note must name the support document it adjusts' },
    ]);
  });

  it('given a support document number with separators, when checked, then the expected shape is explained', () => {
    expect(checkAdjustmentNoteRules({ ...validAdjustmentNoteBody(), support_document_number: 'SEDS/1' })).to.deep.equal([
      {
        field: 'support_document_number',
        message: 'is "SEDS/1"; it must be the number of a support document as the tax authority assigned it: ' +
          'prefix and consecutive, letters and digits only, e.g. "SETP990000001"',
      },
    ]);
  });

  it('given an empty body, when checked, then number, concept, provider and items are reported', () => {
    expect(checkAdjustmentNoteRules({})).to.deep.equal([
      { field: 'support_document_number', message: 'is required: an adjustment note must name the support document it adjusts' },
      { field: 'concept', message: 'is required' },
      { field: 'provider', message: 'is required' },
      { field: 'items', message: 'must contain at least one item' },
    ]);
  });

  it('given a provider identified by cédula and carrying responsibilities, when checked, then the provider rules apply', () => {
    const body = validAdjustmentNoteBody();
    body.provider = { ...body.provider!, identification_document_code: '13', dv: undefined, responsibilities: ['O-13'] };
    expect(checkAdjustmentNoteRules(body).map((issue) => issue.field)).to.deep.equal([
      'provider.identification_document_code',
      'provider.responsibilities',
    ]);
  });

  it('given INC on a line and a duplicated withholding, when checked, then the support-document line rules apply', () => {
    const body = validAdjustmentNoteBody();
    body.items![0].taxes = [{ code: '04', rate: '8.00' }];
    body.items![0].withholding_taxes = [{ code: '06', rate: '3.50' }, { code: '06', rate: '1.00' }];
    expect(checkAdjustmentNoteRules(body)).to.deep.equal([
      { field: 'items[0].taxes[0].code', message: '"04" (INC) is not admitted: only 01 (IVA) is admitted as a tax on a support document line' },
      {
        field: 'items[0].withholding_taxes[1].code',
        message: '"06" is already on this line at withholding_taxes[0]; a withholding may appear at most once per line',
      },
    ]);
  });

  it('given no payment details, when checked, then the note is valid (optional, as on notes)', () => {
    expect(checkAdjustmentNoteRules({ ...validAdjustmentNoteBody(), payment_details: undefined })).to.deep.equal([]);
  });

  it('given payments net of withholdings, when checked, then they must equal the adjustment note payable amount', () => {
    const body = validAdjustmentNoteBody();
    body.payment_details![0].amount = '46200.00';
    expect(checkAdjustmentNoteRules(body)).to.deep.equal([
      { field: 'payment_details', message: 'amounts add up to 46200.00; they must equal the adjustment note payable amount 47600.00' },
    ]);
  });

  it('given an observation over 250 characters, when checked, then it is refused', () => {
    expect(checkAdjustmentNoteRules({ ...validAdjustmentNoteBody(), observation: 'a'.repeat(260) })).to.deep.equal([
      { field: 'observation', message: 'has 260 characters; at most 250 are allowed' },
    ]);
  });
});
