import { expect } from 'chai';
import { adjustmentNoteReference, adjustmentNoteVoidsReference } from '../../../domain/adjustment-note/adjustment-note-reference.ts';
import { computeAdjustmentNoteTotals } from '../../../domain/adjustment-note/adjustment-note-totals.ts';
import { normalizeAdjustmentNote } from '../../../domain/adjustment-note/normalize-adjustment-note.ts';
import { validAdjustmentNoteBody } from './valid-adjustment-note-body.ts';

describe('adjustment note reference, voiding, totals and defaults', () => {
  it('given a support document number, then the reference names the field and the number', () => {
    expect(adjustmentNoteReference(validAdjustmentNoteBody())).to.deep.equal({ field: 'support_document_number', number: 'SEDS984000129' });
  });

  it('given concept 2 (annulment of the support document), then the note voids it; no other concept does', () => {
    expect(adjustmentNoteVoidsReference(validAdjustmentNoteBody('2'))).to.equal(true);
    for (const concept of ['1', '3', '4', '5']) expect(adjustmentNoteVoidsReference(validAdjustmentNoteBody(concept))).to.equal(false);
  });

  it('given one unit at 50000 less 20 %, IVA 19 %, ReteRenta 3.5 %, then the totals include the withholding and payable is unchanged', () => {
    const totals = computeAdjustmentNoteTotals(validAdjustmentNoteBody());

    expect(totals).to.deep.include({
      line_extension_amount: '40000.00',
      tax_exclusive_amount: '40000.00',
      tax_amount: '7600.00',
      tax_inclusive_amount: '47600.00',
      payable_amount: '47600.00',
      rounding_amount: '0.00',
      withholding_total: '1400.00',
    });
    expect(totals.withholding_taxes).to.deep.equal([{ code: '06', rate: '3.50', taxable_amount: '40000.00', amount: '1400.00' }]);
  });

  it('given a provider without country and a line without defaults, when normalized, then CO and the line defaults are filled', () => {
    const body = validAdjustmentNoteBody();
    delete body.provider!.country_code;
    body.items = [{ quantity: '1', price: '10' } as never];

    const normalized = normalizeAdjustmentNote(body);

    expect(normalized.provider!.country_code).to.equal('CO');
    expect(normalized.items![0]).to.deep.include({ discount_rate: '0.00', unit_measure_code: '94', standard_code: '999', taxes: [], withholding_taxes: [] });
    expect(normalized).to.include({ support_document_number: 'SEDS984000129', concept: '4' });
  });
});
