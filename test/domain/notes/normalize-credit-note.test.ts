import { expect } from 'chai';
import { normalizeNote } from '../../../domain/notes/normalize-note.ts';
import { validNoteBodyWithoutInvoice } from './valid-note-body.ts';

describe('normalizeNote of a credit note', () => {
  it('given a line without discount, unit, standard or taxes, when normalized, then the defaults are filled and the rest kept', () => {
    const body = validNoteBodyWithoutInvoice('3');
    body.items = [{ code_reference: 'R', name: 'Rebaja', quantity: '1', price: '500.00' } as never];

    const normalized = normalizeNote(body);

    expect(normalized.items![0]).to.deep.equal({
      code_reference: 'R', name: 'Rebaja', quantity: '1', price: '500.00',
      discount_rate: '0.00', unit_measure_code: '94', standard_code: '999', taxes: [],
    });
    expect(normalized).to.deep.include({ concept: '3', billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' } });
  });
});
