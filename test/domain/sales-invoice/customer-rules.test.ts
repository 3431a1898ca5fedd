import { expect } from 'chai';
import { checkCustomer } from '../../../domain/sales-invoice/customer-rules.ts';
import type { SalesInvoiceCustomer } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import { validSalesInvoiceBody } from './valid-sales-invoice-body.ts';

const issuesOf = (changes: Partial<SalesInvoiceCustomer>) => checkCustomer({ ...validSalesInvoiceBody().customer!, ...changes });

describe('customer rules', () => {
  it('given a NIT with the right check digit, or without one, then there is no issue', () => {
    expect(issuesOf({})).to.deep.equal([]);
    expect(issuesOf({ dv: undefined })).to.deep.equal([]);
  });

  it('given a NIT with a wrong check digit, then the expected digit is stated', () => {
    expect(issuesOf({ dv: '3' })).to.deep.equal([
      { field: 'customer.dv', message: 'is "3"; the check digit of NIT 900825759 is 7' },
    ]);
  });

  it('given a check digit on a non-NIT document, then it is not compared', () => {
    expect(issuesOf({ identification_document_code: '13', identification: '1234567890', dv: '9' })).to.deep.equal([]);
  });

  it('given an unknown document type, then the allowed ones are listed, including 47 and 48', () => {
    const [issue] = issuesOf({ identification_document_code: '99', dv: undefined });
    expect(issue.field).to.equal('customer.identification_document_code');
    expect(issue.message).to.match(/^"99" is not a known identification document type; allowed: 11 \(Registro civil\), /);
    expect(issue.message).to.contain('47 (PEP');
    expect(issue.message).to.contain('48 (PPT');
    expect(issuesOf({ identification_document_code: '48', identification: 'PPT-123', dv: undefined })).to.deep.equal([]);
  });

  it('given a NIT or citizen card with punctuation, then digits only are required and the DV is not checked', () => {
    expect(issuesOf({ identification: '900.825.759' })).to.deep.equal([
      {
        field: 'customer.identification',
        message: 'must contain only digits (no dots, spaces, dashes or check digit) for document type 31; got "900.825.759"',
      },
    ]);
    expect(issuesOf({ identification_document_code: '13', identification: '12 345' })[0].field).to.equal('customer.identification');
    expect(issuesOf({ identification_document_code: '41', identification: 'AB123456', dv: undefined })).to.deep.equal([]);
  });

  it('given a NIT longer than 15 digits, then its length is refused', () => {
    expect(issuesOf({ identification: '1234567890123456' })).to.deep.equal([
      { field: 'customer.identification', message: 'has 16 digits; a NIT has at most 15 (without the check digit)' },
    ]);
  });

  it('given codes outside the catalogs, then each field says what is allowed', () => {
    expect(issuesOf({ legal_organization: '3', tribute_code: '04', responsibilities: ['O-13', 'O-99'] })).to.deep.equal([
      { field: 'customer.legal_organization', message: '"3" is not a legal organization type; allowed: 1 (Persona Jurídica), 2 (Persona Natural)' },
      { field: 'customer.tribute_code', message: '"04" is not a customer tribute code; allowed: 01 (IVA), ZZ (No aplica)' },
      {
        field: 'customer.responsibilities[1]',
        message: '"O-99" is not a fiscal responsibility in force; allowed: O-13 (Gran contribuyente), O-15 (Autorretenedor), O-23 (Agente de retención IVA), O-47 (Régimen simple de tributación), R-99-PN (No aplica – Otros)',
      },
    ]);
  });

  it('given a Colombian customer, then the municipality must be a DIVIPOLA code', () => {
    const [issue] = issuesOf({ municipality_code: '99999' });
    expect(issue.field).to.equal('customer.municipality_code');
    expect(issue.message).to.match(/^"99999" is not a Colombian municipality code \(5-digit DIVIPOLA\); allowed: one of the 1122 codes/);
    expect(issuesOf({ municipality_code: '99999', country_code: undefined })).to.have.length(1);
    expect(issuesOf({ municipality_code: '11001' })).to.deep.equal([]);
  });

  it('given a foreign customer, then the country is checked and the municipality is not', () => {
    expect(issuesOf({ country_code: 'US', municipality_code: '99999' })).to.deep.equal([]);
    expect(issuesOf({ country_code: 'XX', municipality_code: undefined })[0].field).to.equal('customer.country_code');
  });

  it('given required fields missing, then each is reported', () => {
    const issues = checkCustomer({} as SalesInvoiceCustomer);
    expect(issues).to.deep.equal([
      { field: 'customer.identification_document_code', message: 'is required' },
      { field: 'customer.identification', message: 'is required' },
      { field: 'customer.legal_organization', message: 'is required' },
    ]);
  });
});
