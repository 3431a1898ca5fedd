import { expect } from 'chai';
import type { NoteBody } from '../../../domain/notes/note-body.ts';
import { CREDIT_NOTE } from '../../../domain/notes/note-kind.ts';
import { billReference, noteVoidsReference } from '../../../domain/notes/note-reference.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from './valid-note-body.ts';

const creditNoteVoidsReference = (body: NoteBody) => noteVoidsReference(body, CREDIT_NOTE);

describe('credit note reference', () => {
  it('given a bill number, then the reference names the field and the number', () => {
    expect(billReference(validNoteBody())).to.deep.equal({ field: 'bill_number', number: 'SETP990000001' });
  });

  it('given no bill number, then there is no reference', () => {
    expect(billReference(validNoteBodyWithoutInvoice())).to.equal(null);
  });

  it('given concept 2 (annulment), then the note voids the invoice; any other concept does not', () => {
    expect(creditNoteVoidsReference(validNoteBody('2'))).to.equal(true);
    for (const concept of ['1', '3', '4', '5', '6']) expect(creditNoteVoidsReference(validNoteBody(concept))).to.equal(false);
  });
});
