import { expect } from 'chai';
import { checkSupportDocumentRules } from '../../../domain/support-document/support-document-rules.ts';
import { validSupportDocumentBody } from './valid-support-document-body.ts';

describe('checkSupportDocumentRules', () => {
  it('given the Factus DS example (with payments adding up to 95200.00), when checked, then there is no issue', () => {
    expect(checkSupportDocumentRules(validSupportDocumentBody())).to.deep.equal([]);
  });

  it('given an empty body, when checked, then provider, items and payments are each reported', () => {
    expect(checkSupportDocumentRules({})).to.deep.equal([
      { field: 'provider', message: 'is required' },
      { field: 'items', message: 'must contain at least one item' },
      { field: 'payment_details', message: 'must contain at least one payment detail' },
    ]);
  });

  it('given payments equal to the amount net of withholdings, when checked, then they must equal the full payable amount', () => {
    const body = validSupportDocumentBody();
    body.payment_details = [{ payment_form: '1', payment_method_code: '42', amount: '92400.00' }];
    expect(checkSupportDocumentRules(body)).to.deep.equal([
      { field: 'payment_details', message: 'amounts add up to 92400.00; they must equal the support document payable amount 95200.00' },
    ]);
  });

  it('given the payments of the Factus example verbatim (40000 + 40000), when checked, then they do not add up', () => {
    const body = validSupportDocumentBody();
    body.payment_details![0].amount = '40000';
    body.payment_details![1].amount = '40000';
    expect(checkSupportDocumentRules(body)).to.deep.equal([
      { field: 'payment_details', message: 'amounts add up to 80000.00; they must equal the support document payable amount 95200.00' },
    ]);
  });

  it('given a broken payment detail, when checked, then the payment rule reports it', () => {
    const body = validSupportDocumentBody();
    body.payment_details![1].due_date = '2026-13-01';
    expect(checkSupportDocumentRules(body)).to.deep.equal([
      { field: 'payment_details[1].due_date', message: 'must be a calendar date written YYYY-MM-DD; got "2026-13-01"' },
    ]);
  });

  it('given several broken rules, when checked, then each is reported with its own path and payments are not compared', () => {
    const body = validSupportDocumentBody();
    body.provider!.identification_document_code = '13';
    body.provider!.tribute_code = 'ZZ';
    body.items![0].taxes = [{ code: '04', rate: '8.00' }];
    body.payment_details![0].amount = '1.00';
    body.observation = 'z'.repeat(251);
    expect(checkSupportDocumentRules(body).map((issue) => issue.field)).to.deep.equal([
      'provider.identification_document_code',
      'provider.tribute_code',
      'items[0].taxes[0].code',
      'observation',
    ]);
  });

  it('given an observation over 250 characters, when checked, then it is refused', () => {
    expect(checkSupportDocumentRules({ ...validSupportDocumentBody(), observation: 'o'.repeat(251) })).to.deep.equal([
      { field: 'observation', message: 'has 251 characters; at most 250 are allowed' },
    ]);
  });
});
