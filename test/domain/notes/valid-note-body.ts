import type { NoteBody } from '../../../domain/notes/note-body.ts';
import { IVA19, item } from '../sales-invoice/item.ts';
import { validSalesInvoiceBody } from '../sales-invoice/valid-sales-invoice-body.ts';

/** A partial return of one unit of the sales invoice example (reference §1.4, §1.5): 10000 + IVA 19 % = 11900.00. */
export function validNoteBody(concept = '1'): NoteBody {
  return {
    concept,
    bill_number: 'SETP990000001',
    customer: validSalesInvoiceBody().customer,
    items: [item('10000.00', '1.00', [IVA19])],
    payment_details: [{ payment_form: '1', payment_method_code: '42', reference_code: 'pago-001', amount: '11900.00' }],
    observation: 'Devolución parcial',
  };
}

/** The same note naming no invoice: a billing period instead of bill_number. */
export function validNoteBodyWithoutInvoice(concept = '1'): NoteBody {
  const { bill_number: _omitted, ...body } = validNoteBody(concept);
  return { ...body, billing_period: { start_date: '2026-01-01', end_date: '2026-01-31' } };
}
