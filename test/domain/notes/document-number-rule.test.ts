import { expect } from 'chai';
import { documentNumberIssue } from '../../../domain/notes/document-number-rule.ts';

const what = 'the number of a sales invoice';

describe('referenced document number', () => {
  it('given a prefix and consecutive, when checked, then there is no issue', () => {
    expect(documentNumberIssue('bill_number', 'SETP990000001', what, { required: true })).to.equal(undefined);
    expect(documentNumberIssue('bill_number', '990000001', what, { required: true })).to.equal(undefined);
  });

  it('given an optional number omitted, then there is no issue; a required one names why it is required', () => {
    expect(documentNumberIssue('bill_number', undefined, what, { required: false })).to.equal(undefined);
    expect(documentNumberIssue('x', undefined, what, { required: true })).to.deep.equal({ field: 'x', message: 'is required' });
    expect(documentNumberIssue('x', undefined, what, { required: true, whenMissing: 'because' })).to.deep.equal({
      field: 'x',
      message: 'is required: because',
    });
  });

  it('given separators, spaces or an empty string, when checked, then the expected shape is explained', () => {
    for (const value of ['SETP-990000001', 'SETP 1', '']) {
      expect(documentNumberIssue('bill_number', value, what, { required: false })).to.deep.equal({
        field: 'bill_number',
        message: `is "${value}"; it must be the number of a sales invoice as the tax authority assigned it: prefix and consecutive, letters and digits only, e.g. "SETP990000001"`,
      });
    }
  });

  it('given more than 40 characters, when checked, then the length is refused', () => {
    expect(documentNumberIssue('bill_number', 'A'.repeat(41), what, { required: false })).to.deep.equal({
      field: 'bill_number',
      message: 'has 41 characters; the number of a sales invoice has at most 40',
    });
  });
});
