import { expect } from 'chai';
import type { ResolvedReference } from '../../../domain/documents/document-family.ts';
import { adjustmentNoteFamily, creditNoteFamily, debitNoteFamily, payrollFamily, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { nitCheckDigit } from '../../../domain/shared/nit-check-digit.ts';
import { validAdjustmentNoteBody } from '../adjustment-note/valid-adjustment-note-body.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from '../notes/valid-note-body.ts';
import { validSalesInvoiceBody } from '../sales-invoice/valid-sales-invoice-body.ts';
import { validProvider } from '../support-document/valid-support-document-body.ts';
import { createdData, createDocument, issuesOf } from './create-document.ts';

/** The invoice's customer as the invoice recorded it: another identification than the notes' sample customer. */
const invoiceCustomer = { ...validSalesInvoiceBody().customer, identification: '222222222', dv: nitCheckDigit('222222222'), company: 'Cliente de la factura SAS' };
const invoice: ResolvedReference = {
  family: 'sales-invoice', documentId: 'inv-1', number: 'SETP990000001', uniqueCode: 'cufe', issueDate: '2024-02-01',
  party: invoiceCustomer,
};
const supportProvider = { ...validProvider(), identification: '7777777', dv: nitCheckDigit('7777777'), names: 'Proveedor del documento soporte' };
const supportDocument: ResolvedReference = {
  family: 'support-document', documentId: 'ds-1', number: 'SEDS984000129', uniqueCode: 'cuds', issueDate: '2024-02-01',
  party: supportProvider,
};

describe('documentDecider: a note takes its reference\'s party', () => {
  for (const family of [creditNoteFamily, debitNoteFamily]) {
    it(`given a ${family.name} naming its invoice and no customer, then it records the invoice's customer`, () => {
      const { customer: _omitted, ...body } = validNoteBody();
      const data = createdData(createDocument(family, body, { reference: invoice }));
      expect(data.body.customer).to.deep.include({ identification: '222222222', company: 'Cliente de la factura SAS' });
      expect(family.counterparty(data.body)).to.deep.equal({ identification: '222222222', name: 'Cliente de la factura SAS' });
    });
  }

  it('given a note naming its invoice and its own customer, then it keeps its own', () => {
    const body = validNoteBody();
    const data = createdData(createDocument(creditNoteFamily, body, { reference: invoice }));
    expect((data.body.customer as Record<string, unknown>).identification).to.equal(body.customer!.identification);
    expect(body.customer!.identification).to.not.equal('222222222');
  });

  it('given an adjustment note without provider, then it records the support document\'s provider', () => {
    const { provider: _omitted, ...body } = validAdjustmentNoteBody();
    const data = createdData(createDocument(adjustmentNoteFamily, body, { reference: supportDocument }));
    expect(data.body.provider).to.deep.include({ identification: '7777777', dv: nitCheckDigit('7777777'), names: 'Proveedor del documento soporte' });
  });

  it('given a reference with its party, then the recorded reference leaves the party out (it lives in the body)', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    const { party: _party, ...recorded } = invoice;
    expect(createdData(createDocument(creditNoteFamily, body, { reference: invoice })).reference).to.deep.equal(recorded);
  });

  it('given a note naming no invoice and no customer, then customer is required', () => {
    const { customer: _omitted, ...body } = validNoteBodyWithoutInvoice();
    expect(issuesOf(createDocument(creditNoteFamily, body, { reference: null }))).to.deep.equal([{ field: 'customer', message: 'is required' }]);
  });

  it('given a note whose invoice was not resolved and no customer, then customer is still required', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    expect(issuesOf(createDocument(debitNoteFamily, body, { reference: null }))).to.deep.equal([{ field: 'customer', message: 'is required' }]);
  });

  it('given a taken party, then the family\'s rules still hold it to them', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    const broken = { ...invoice, party: { ...invoiceCustomer, legal_organization: '9' } };
    expect(issuesOf(createDocument(creditNoteFamily, body, { reference: broken })).map((issue) => issue.field)).to.deep.equal(['customer.legal_organization']);
  });

  it('given the families, then each names the body field of its party (none for payroll)', () => {
    expect([salesInvoiceFamily, creditNoteFamily, adjustmentNoteFamily, payrollFamily].map((family) => family.partyField))
      .to.deep.equal(['customer', 'customer', 'provider', null]);
  });
});
