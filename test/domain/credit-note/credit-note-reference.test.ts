import { expect } from 'chai';
import { creditNoteReference, creditNoteVoidsReference } from '../../../domain/credit-note/credit-note-reference.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from '../notes/valid-note-body.ts';

describe('credit note reference', () => {
  it('given a bill number, then the reference names the field and the number', () => {
    expect(creditNoteReference(validNoteBody())).to.deep.equal({ field: 'bill_number', number: 'SETP990000001' });
  });

  it('given no bill number, then there is no reference', () => {
    expect(creditNoteReference(validNoteBodyWithoutInvoice())).to.equal(null);
  });

  it('given concept 2 (annulment), then the note voids the invoice; any other concept does not', () => {
    expect(creditNoteVoidsReference(validNoteBody('2'))).to.equal(true);
    for (const concept of ['1', '3', '4', '5', '6']) expect(creditNoteVoidsReference(validNoteBody(concept))).to.equal(false);
  });
});
