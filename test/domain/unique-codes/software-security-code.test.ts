import { expect } from 'chai';
import {
  softwareSecurityCode,
  softwareSecurityCodeConcatenation,
} from '../../../domain/unique-codes/software-security-code.ts';

describe('softwareSecurityCode (reference §2.5)', () => {
  it('given software id abc, PIN 12345 and document SETP990000001 (V9), when computed, then concatenation and hash match', () => {
    const fields = { softwareId: 'abc', softwarePin: '12345', documentNumber: 'SETP990000001' };

    expect(softwareSecurityCodeConcatenation(fields)).to.equal('abc12345SETP990000001');
    expect(softwareSecurityCode(fields)).to.equal(
      'ef061d791ea17f22a34df2d5d18726509bcbe69139a7527a7e3d94c5d534899d5ff886f5a360c0fe87a71d600b67e3eb',
    );
  });
});
