import { expect } from 'chai';
import { normalizeNote } from '../../../domain/notes/normalize-note.ts';
import { validNoteBody } from './valid-note-body.ts';

describe('normalizeNote', () => {
  it('given a note without optional customer and line fields, when normalized, then the sales-invoice defaults are filled', () => {
    const body = validNoteBody();
    body.customer = { identification_document_code: '13', identification: '1234567890', legal_organization: '2', names: 'Ana' };
    body.items = [{ quantity: '1.00', price: '100.00' } as never];
    delete body.payment_details;

    const normalized = normalizeNote(body);

    expect(normalized.customer).to.deep.include({ tribute_code: 'ZZ', country_code: 'CO', responsibilities: ['R-99-PN'] });
    expect(normalized.items).to.deep.equal([
      { quantity: '1.00', price: '100.00', discount_rate: '0.00', unit_measure_code: '94', standard_code: '999', taxes: [] },
    ]);
    expect(normalized).to.not.have.property('payment_details');
    expect(normalized).to.include({ concept: '1', bill_number: 'SETP990000001', observation: 'Devolución parcial' });
  });

  it('given values sent by the client, when normalized, then they are kept', () => {
    const body = validNoteBody();
    expect(normalizeNote(body)).to.deep.equal(body);
  });
});
