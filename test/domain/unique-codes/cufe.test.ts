import { expect } from 'chai';
import { cufe, cufeConcatenation, type CufeFields } from '../../../domain/unique-codes/cufe.ts';

describe('cufe (reference §2.1)', () => {
  const annexExample: CufeFields = {
    number: '323200000129',
    issueDate: '2019-01-16',
    issueTime: '10:53:10-05:00',
    lineExtensionAmount: '1500000.00',
    ivaAmount: '285000.00',
    incAmount: '0.00',
    icaAmount: '0.00',
    payableAmount: '1785000.00',
    issuerNit: '700085371',
    acquirerId: '800199436',
    technicalKey: '693ff6f2a553c3646a063436fd4dd9ded0311471',
    environment: '1',
  };

  it('given the annex example (V1), when concatenated, then the fields follow the annex order', () => {
    expect(cufeConcatenation(annexExample)).to.equal(
      '3232000001292019-01-1610:53:10-05:001500000.0001285000.00040.00030.001785000.00700085371800199436693ff6f2a553c3646a063436fd4dd9ded03114711',
    );
  });

  it('given the annex example (V1), when hashed, then it is the annex CUFE', () => {
    expect(cufe(annexExample)).to.equal(
      '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4',
    );
  });

  it('given amounts without decimals, when concatenated, then they are written with exactly 2', () => {
    const concatenation = cufeConcatenation({ ...annexExample, lineExtensionAmount: '1500000', incAmount: '0' });
    expect(concatenation).to.contain('1500000.0001285000.00040.0003');
    expect(cufe({ ...annexExample, lineExtensionAmount: '1500000', incAmount: '0' })).to.equal(cufe(annexExample));
  });
});
