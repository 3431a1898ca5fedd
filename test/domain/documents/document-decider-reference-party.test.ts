import { expect } from 'chai';
import type { CreateDocument } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import type { DocumentFamily, ResolvedReference } from '../../../domain/documents/document-family.ts';
import type { DocumentCreated } from '../../../domain/documents/document-events.ts';
import { adjustmentNoteFamily, creditNoteFamily, debitNoteFamily, payrollFamily, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { nitCheckDigit } from '../../../domain/shared/nit-check-digit.ts';
import { validAdjustmentNoteBody } from '../adjustment-note/valid-adjustment-note-body.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from '../notes/valid-note-body.ts';
import { validSalesInvoiceBody } from '../sales-invoice/valid-sales-invoice-body.ts';
import { validProvider } from '../support-document/valid-support-document-body.ts';

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

function create(family: DocumentFamily, body: object, reference: ResolvedReference | null): CreateDocument {
  return {
    type: 'CreateDocument', family, documentId: 'note-1', tenantId: 'tenant-1', environment: 'test', transactionId: 'tx-1',
    idempotencyKey: 'key-1', requestHash: 'hash-1', issuer: { nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor' },
    reference, body: body as Record<string, unknown>, now: new Date('2024-03-01T15:30:00.000Z'),
  };
}

function created(command: CreateDocument): DocumentCreated['data'] {
  const [event] = documentDecider.decide(command, documentDecider.initialState());
  if (event.type !== 'DocumentCreated') return expect.fail(`expected DocumentCreated, got ${event.type}`);
  return event.data;
}

function issuesOf(command: CreateDocument) {
  try {
    documentDecider.decide(command, documentDecider.initialState());
  } catch (error) {
    expect(error).to.be.instanceOf(DocumentValidationError);
    return (error as DocumentValidationError).issues;
  }
  return expect.fail('the document was created');
}

describe('documentDecider: a note takes its reference\'s party', () => {
  for (const family of [creditNoteFamily, debitNoteFamily]) {
    it(`given a ${family.name} naming its invoice and no customer, then it records the invoice's customer`, () => {
      const { customer: _omitted, ...body } = validNoteBody();
      const data = created(create(family, body, invoice));
      expect(data.body.customer).to.deep.include({ identification: '222222222', company: 'Cliente de la factura SAS' });
      expect(family.counterparty(data.body)).to.deep.equal({ identification: '222222222', name: 'Cliente de la factura SAS' });
    });
  }

  it('given a note naming its invoice and its own customer, then it keeps its own', () => {
    const body = validNoteBody();
    const data = created(create(creditNoteFamily, body, invoice));
    expect((data.body.customer as Record<string, unknown>).identification).to.equal(body.customer!.identification);
    expect(body.customer!.identification).to.not.equal('222222222');
  });

  it('given an adjustment note without provider, then it records the support document\'s provider', () => {
    const { provider: _omitted, ...body } = validAdjustmentNoteBody();
    const data = created(create(adjustmentNoteFamily, body, supportDocument));
    expect(data.body.provider).to.deep.include({ identification: '7777777', dv: nitCheckDigit('7777777'), names: 'Proveedor del documento soporte' });
  });

  it('given a reference with its party, then the recorded reference leaves the party out (it lives in the body)', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    const { party: _party, ...recorded } = invoice;
    expect(created(create(creditNoteFamily, body, invoice)).reference).to.deep.equal(recorded);
  });

  it('given a note naming no invoice and no customer, then customer is required', () => {
    const { customer: _omitted, ...body } = validNoteBodyWithoutInvoice();
    expect(issuesOf(create(creditNoteFamily, body, null))).to.deep.equal([{ field: 'customer', message: 'is required' }]);
  });

  it('given a note whose invoice was not resolved and no customer, then customer is still required', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    expect(issuesOf(create(debitNoteFamily, body, null))).to.deep.equal([{ field: 'customer', message: 'is required' }]);
  });

  it('given a taken party, then the family\'s rules still hold it to them', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    const broken = { ...invoice, party: { ...invoiceCustomer, legal_organization: '9' } };
    expect(issuesOf(create(creditNoteFamily, body, broken)).map((issue) => issue.field)).to.deep.equal(['customer.legal_organization']);
  });

  it('given the families, then each names the body field of its party (none for payroll)', () => {
    expect([salesInvoiceFamily, creditNoteFamily, adjustmentNoteFamily, payrollFamily].map((family) => family.partyField))
      .to.deep.equal(['customer', 'customer', 'provider', null]);
  });
});
