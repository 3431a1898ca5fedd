import { expect } from 'chai';
import type { NoteBody } from '../../../domain/notes/note-body.ts';
import { CREDIT_NOTE } from '../../../domain/notes/note-kind.ts';
import { checkNoteRules } from '../../../domain/notes/note-rules.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from './valid-note-body.ts';

const CONCEPTS =
  '1 (Devolución parcial de los bienes y/o no aceptación parcial del servicio), 2 (Anulación de factura electrónica), ' +
  '3 (Rebaja  o descuento parcial o total), 4 (Ajuste de precio), 5 (Descuento comercial por pronto pago), ' +
  '6 (Descuento comercial por volumen de ventas)';

const checkCreditNoteRules = (body: NoteBody) => checkNoteRules(body, CREDIT_NOTE);

describe('checkNoteRules of a credit note', () => {
  it('given a partial return of an invoice, when checked, then there is no issue', () => {
    expect(checkCreditNoteRules(validNoteBody())).to.deep.equal([]);
  });

  it('given every concept of the credit-note catalog 1–6, when checked, then each is admitted', () => {
    for (const concept of ['1', '2', '3', '4', '5', '6']) expect(checkCreditNoteRules(validNoteBody(concept))).to.deep.equal([]);
  });

  it('given a note naming no invoice but a billing period, when checked, then there is no issue', () => {
    expect(checkCreditNoteRules(validNoteBodyWithoutInvoice())).to.deep.equal([]);
  });

  it('given an invoice and a billing period, when checked, then both are allowed', () => {
    expect(checkCreditNoteRules({ ...validNoteBody(), billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' } }))
      .to.deep.equal([]);
  });

  it('given an empty body, when checked, then concept, billing period, customer and items are reported', () => {
    expect(checkCreditNoteRules({})).to.deep.equal([
      { field: 'concept', message: 'is required' },
      {
        field: 'billing_period',
        message: 'is required when bill_number is omitted: a note that names no invoice must state the billing period it corrects',
      },
      { field: 'customer', message: 'is required' },
      { field: 'items', message: 'must contain at least one item' },
    ]);
  });

  it('given a concept outside the credit-note catalog, when checked, then the six concepts are listed', () => {
    expect(checkCreditNoteRules(validNoteBody('7'))).to.deep.equal([
      { field: 'concept', message: `"7" is not a credit note concept; allowed: ${CONCEPTS}` },
    ]);
  });

  it('given a bill number with a dash, when checked, then the expected shape of an invoice number is explained', () => {
    expect(checkCreditNoteRules({ ...validNoteBody(), bill_number: 'SETP-990000001' })).to.deep.equal([
      {
        field: 'bill_number',
        message: 'is "SETP-990000001"; it must be the number of a sales invoice as the tax authority assigned it: ' +
          'prefix and consecutive, letters and digits only, e.g. "SETP990000001"',
      },
    ]);
  });

  it('given an annulment (concept 2) naming no invoice, when checked, then bill_number is required with the reason', () => {
    expect(checkCreditNoteRules(validNoteBodyWithoutInvoice('2'))).to.deep.equal([
      { field: 'bill_number', message: 'is required: concept 2 (Anulación de factura electrónica) voids an invoice, so the note must name it' },
    ]);
  });

  it('given a note naming no invoice and no billing period, when checked, then the period is required', () => {
    const { billing_period: _omitted, ...body } = validNoteBodyWithoutInvoice();
    expect(checkCreditNoteRules(body)).to.deep.equal([
      {
        field: 'billing_period',
        message: 'is required when bill_number is omitted: a note that names no invoice must state the billing period it corrects',
      },
    ]);
  });

  it('given a billing period ending before it starts, when checked, then end_date is refused', () => {
    const body = { ...validNoteBody(), billing_period: { start_date: '2026-03-01', end_date: '2026-02-28' } };
    expect(checkCreditNoteRules(body)).to.deep.equal([
      { field: 'billing_period.end_date', message: 'is 2026-02-28, before start_date 2026-03-01; a billing period must not end before it starts' },
    ]);
  });

  it('given a billing period with an impossible date, when checked, then the date field is named', () => {
    const body = { ...validNoteBodyWithoutInvoice(), billing_period: { start_date: '2026-02-29', end_date: '2026-03-31' } };
    expect(checkCreditNoteRules(body)).to.deep.equal([
      { field: 'billing_period.start_date', message: 'must be a calendar date written YYYY-MM-DD; got "2026-02-29"' },
    ]);
  });

  it('given a customer breaking a sales-invoice customer rule, when checked, then the same issue is reported', () => {
    const body = validNoteBody();
    body.customer!.dv = '3';
    expect(checkCreditNoteRules(body)).to.deep.equal([
      { field: 'customer.dv', message: 'is "3"; the check digit of NIT 900825759 is 7' },
    ]);
  });

  it('given a line breaking a sales-invoice item rule, when checked, then it is reported and payments are not compared', () => {
    const body = validNoteBody();
    body.items![0].taxes = [{ code: '03', rate: '1.00' }];
    body.payment_details![0].amount = '1.00';
    expect(checkCreditNoteRules(body)).to.deep.equal([
      { field: 'items[0].taxes[0].code', message: '"03" is not a tax admitted on a sales invoice line; allowed: 01 (IVA), 04 (INC), 35 (ICUI)' },
    ]);
  });

  it('given no payment details, when checked, then the note is valid (they are optional on a note)', () => {
    const { payment_details: _omitted, ...body } = validNoteBody();
    expect(checkCreditNoteRules(body)).to.deep.equal([]);
  });

  it('given payment details that do not add up, when checked, then the credit note payable amount is stated', () => {
    const body = validNoteBody();
    body.payment_details![0].amount = '10000.00';
    expect(checkCreditNoteRules(body)).to.deep.equal([
      { field: 'payment_details', message: 'amounts add up to 10000.00; they must equal the credit note payable amount 11900.00' },
    ]);
  });

  it('given an empty payment list, when checked, then at least one detail is required', () => {
    expect(checkCreditNoteRules({ ...validNoteBody(), payment_details: [] })).to.deep.equal([
      { field: 'payment_details', message: 'must contain at least one payment detail' },
    ]);
  });

  it('given an observation over 250 characters, when checked, then it is refused', () => {
    expect(checkCreditNoteRules({ ...validNoteBody(), observation: 'x'.repeat(300) })).to.deep.equal([
      { field: 'observation', message: 'has 300 characters; at most 250 are allowed' },
    ]);
  });
});
