import { expect } from 'chai';
import { checkOptionalPaymentDetails } from '../../../domain/notes/optional-payment-rules.ts';

const cash = (amount: string) => ({ payment_form: '1', payment_method_code: '10', amount });

describe('optional payment details (notes)', () => {
  it('given no payment details, then there is no issue', () => {
    expect(checkOptionalPaymentDetails(undefined, '11900.00', 'credit note')).to.deep.equal([]);
  });

  it('given payments adding up to the payable amount, then there is no issue', () => {
    expect(checkOptionalPaymentDetails([cash('10000'), cash('1900.00')], '11900.00', 'credit note')).to.deep.equal([]);
  });

  it('given payments that do not add up, then the note payable amount is named', () => {
    expect(checkOptionalPaymentDetails([cash('11000.00')], '11900.00', 'debit note')).to.deep.equal([
      { field: 'payment_details', message: 'amounts add up to 11000.00; they must equal the debit note payable amount 11900.00' },
    ]);
  });

  it('given an empty list, then at least one detail is required (omit the field instead)', () => {
    expect(checkOptionalPaymentDetails([], '11900.00', 'credit note')).to.deep.equal([
      { field: 'payment_details', message: 'must contain at least one payment detail' },
    ]);
  });

  it('given a broken detail, then the same rules as on an invoice apply', () => {
    expect(checkOptionalPaymentDetails([{ ...cash('11900.00'), payment_form: '3' }], '11900.00', 'credit note')).to.deep.equal([
      { field: 'payment_details[0].payment_form', message: '"3" is not a payment form; allowed: 1 (Contado), 2 (Crédito)' },
    ]);
  });
});
