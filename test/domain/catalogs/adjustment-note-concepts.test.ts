import { expect } from 'chai';
import { ADJUSTMENT_NOTE_CONCEPTS } from '../../../domain/catalogs/adjustment-note-concepts.ts';
import { CREDIT_NOTE_CONCEPTS } from '../../../domain/catalogs/credit-note-concepts.ts';

describe('adjustment-note concepts', () => {
  it('are 1–5 with 5 "Otros", unlike the credit-note catalog where 5 is a prompt-payment discount', () => {
    expect([...ADJUSTMENT_NOTE_CONCEPTS.keys()]).to.deep.equal(['1', '2', '3', '4', '5']);
    expect(ADJUSTMENT_NOTE_CONCEPTS.get('2')).to.equal('Anulación del documento soporte');
    expect(ADJUSTMENT_NOTE_CONCEPTS.get('5')).to.equal('Otros');
    expect(CREDIT_NOTE_CONCEPTS.get('5')).to.equal('Descuento comercial por pronto pago');
  });
});
