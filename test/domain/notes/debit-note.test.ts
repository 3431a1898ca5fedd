import { expect } from 'chai';
import { normalizeNote } from '../../../domain/notes/normalize-note.ts';
import type { NoteBody } from '../../../domain/notes/note-body.ts';
import { DEBIT_NOTE } from '../../../domain/notes/note-kind.ts';
import { billReference, noteVoidsReference } from '../../../domain/notes/note-reference.ts';
import { computeNoteTotals } from '../../../domain/notes/note-totals.ts';
import { INC8, item } from '../sales-invoice/item.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from './valid-note-body.ts';

const debitNoteVoidsReference = (body: NoteBody) => noteVoidsReference(body, DEBIT_NOTE);

describe('debit note reference, voiding, totals and defaults', () => {
  it('given a bill number, then it is the reference; without one there is none', () => {
    expect(billReference(validNoteBody())).to.deep.equal({ field: 'bill_number', number: 'SETP990000001' });
    expect(billReference(validNoteBodyWithoutInvoice())).to.equal(null);
  });

  it('given any concept, then a debit note never voids the invoice', () => {
    for (const concept of ['1', '2', '3', '4']) expect(debitNoteVoidsReference(validNoteBody(concept))).to.equal(false);
  });

  it('given the annex debit note (30000 + INC 8 %), then line 30000.00, INC 2400.00, payable 32400.00', () => {
    const totals = computeNoteTotals({ ...validNoteBody(), items: [item('30000.00', '1.00', [INC8])] });
    expect(totals).to.deep.include({ line_extension_amount: '30000.00', tax_amount: '2400.00', payable_amount: '32400.00' });
    expect(totals.tax_totals).to.deep.equal([{ code: '04', taxable_amount: '30000.00', tax_amount: '2400.00' }]);
  });

  it('given a line without defaults, when normalized, then the sales-invoice defaults are filled', () => {
    const body = { ...validNoteBody(), items: [{ quantity: '1', price: '1' } as never] };
    expect(normalizeNote(body).items![0]).to.deep.include({ discount_rate: '0.00', unit_measure_code: '94', standard_code: '999', taxes: [] });
  });
});
