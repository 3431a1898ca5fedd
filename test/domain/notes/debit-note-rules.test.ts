import { expect } from 'chai';
import type { NoteBody } from '../../../domain/notes/note-body.ts';
import { DEBIT_NOTE } from '../../../domain/notes/note-kind.ts';
import { checkNoteRules } from '../../../domain/notes/note-rules.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from './valid-note-body.ts';

const checkDebitNoteRules = (body: NoteBody) => checkNoteRules(body, DEBIT_NOTE);

describe('checkNoteRules of a debit note', () => {
  it('given interest charged on an invoice, when checked, then there is no issue', () => {
    expect(checkDebitNoteRules(validNoteBody('1'))).to.deep.equal([]);
  });

  it('given every concept of the debit-note catalog 1–4, with or without an invoice, then each is admitted', () => {
    for (const concept of ['1', '2', '3', '4']) {
      expect(checkDebitNoteRules(validNoteBody(concept))).to.deep.equal([]);
      expect(checkDebitNoteRules(validNoteBodyWithoutInvoice(concept))).to.deep.equal([]);
    }
  });

  it('given concept 5 (a credit-note concept), when checked, then the four debit-note concepts are listed', () => {
    expect(checkDebitNoteRules(validNoteBody('5'))).to.deep.equal([
      { field: 'concept', message: '"5" is not a debit note concept; allowed: 1 (Intereses), 2 (Gastos por cobrar), 3 (Cambio del valor), 4 (Otro)' },
    ]);
  });

  it('given no concept, when checked, then it is required', () => {
    const { concept: _omitted, ...body } = validNoteBody();
    expect(checkDebitNoteRules(body)).to.deep.equal([{ field: 'concept', message: 'is required' }]);
  });

  it('given no invoice and no billing period, when checked, then the period is required', () => {
    const { bill_number: _omitted, ...body } = validNoteBody();
    expect(checkDebitNoteRules(body)).to.deep.equal([
      {
        field: 'billing_period',
        message: 'is required when bill_number is omitted: a note that names no invoice must state the billing period it corrects',
      },
    ]);
  });

  it('given a malformed bill number, when checked, then it is refused', () => {
    expect(checkDebitNoteRules({ ...validNoteBody(), bill_number: 'SETP 1' })[0].field).to.equal('bill_number');
  });

  it('given a billing period ending before it starts, when checked, then end_date is refused', () => {
    const body = { ...validNoteBodyWithoutInvoice(), billing_period: { start_date: '2026-01-31', end_date: '2026-01-01' } };
    expect(checkDebitNoteRules(body)).to.deep.equal([
      { field: 'billing_period.end_date', message: 'is 2026-01-01, before start_date 2026-01-31; a billing period must not end before it starts' },
    ]);
  });

  it('given no customer, when checked, then it is required', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    expect(checkDebitNoteRules(body)).to.deep.equal([{ field: 'customer', message: 'is required' }]);
  });

  it('given an unknown customer document type, when checked, then the customer rule reports it', () => {
    const body = validNoteBody();
    body.customer!.legal_organization = '3';
    expect(checkDebitNoteRules(body)).to.deep.equal([
      { field: 'customer.legal_organization', message: '"3" is not a legal organization type; allowed: 1 (Persona Jurídica), 2 (Persona Natural)' },
    ]);
  });

  it('given no items, when checked, then at least one is required', () => {
    expect(checkDebitNoteRules({ ...validNoteBody(), items: [], payment_details: undefined })).to.deep.equal([
      { field: 'items', message: 'must contain at least one item' },
    ]);
  });

  it('given a price with 3 decimals, when checked, then the item rule reports it', () => {
    const body = validNoteBody();
    body.items![0].price = '10000.005';
    expect(checkDebitNoteRules(body)).to.deep.equal([{ field: 'items[0].price', message: 'has 3 decimals; at most 2 are allowed' }]);
  });

  it('given optional payment details, when omitted then valid, when not adding up then the debit note payable amount is named', () => {
    expect(checkDebitNoteRules({ ...validNoteBody(), payment_details: undefined })).to.deep.equal([]);
    const body = validNoteBody();
    body.payment_details!.push({ payment_form: '2', payment_method_code: '10', amount: '19000.00', due_date: '2026-07-30' });
    expect(checkDebitNoteRules(body)).to.deep.equal([
      { field: 'payment_details', message: 'amounts add up to 30900.00; they must equal the debit note payable amount 11900.00' },
    ]);
  });

  it('given an observation over 250 characters, when checked, then it is refused', () => {
    expect(checkDebitNoteRules({ ...validNoteBody(), observation: 'y'.repeat(251) })).to.deep.equal([
      { field: 'observation', message: 'has 251 characters; at most 250 are allowed' },
    ]);
  });
});
