import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { cuds, cudsConcatenation } from '../../../domain/unique-codes/cuds.ts';

describe('cuds (reference §2.4)', () => {
  const fields = {
    number: 'DS100',
    issueDate: '2024-05-02',
    issueTime: '08:15:00-05:00',
    lineExtensionAmount: '100000.00',
    ivaAmount: '19000.004',
    payableAmount: '119000',
    sellerId: '2343543',
    issuerNit: '900825759',
    softwarePin: '12345',
    environment: '2' as const,
  };

  it('given a support document, when concatenated, then only IVA appears, then seller before issuer, PIN and environment', () => {
    expect(cudsConcatenation(fields)).to.equal('DS1002024-05-0208:15:00-05:00100000.000119000.00119000.002343543900825759123452');
  });

  it('given a support document, when hashed, then it is the SHA-384 of the concatenation', () => {
    const expected = createHash('sha384').update('DS1002024-05-0208:15:00-05:00100000.000119000.00119000.002343543900825759123452').digest('hex');
    expect(cuds(fields)).to.equal(expected).and.to.have.length(96);
  });
});
