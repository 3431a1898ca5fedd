import { expect } from 'chai';
import { cune, cuneConcatenation, type CuneFields } from '../../../domain/unique-codes/cune.ts';

describe('cune (reference §2.6)', () => {
  const annexExample: CuneFields = {
    number: 'N00001',
    issueDate: '2020-01-16',
    issueTime: '10:53:10-05:00',
    accruedTotal: '3500000.00',
    deductionsTotal: '1000000.00',
    paymentTotal: '2500000.00',
    employerNit: '700085371',
    workerDocument: '800199436',
    xmlType: '102',
    softwarePin: '693',
    environment: '1',
  };

  it('given the annex data with a well-formed time (V6), when computed, then concatenation and hash match', () => {
    expect(cuneConcatenation(annexExample)).to.equal(
      'N000012020-01-1610:53:10-05:003500000.001000000.002500000.007000853718001994361026931',
    );
    expect(cune(annexExample)).to.equal(
      'dae35b4dfdf10939502c96278feb97be1af6cd5653bd662ca29b5c9cdf2729464b51d272ba0008586cf153b46f87a2bd',
    );
  });

  it('given the annex string as printed, with time "1053:10" (V7), when computed, then it matches the facho test', () => {
    const printed = { ...annexExample, issueTime: '1053:10-05:00' };
    expect(cuneConcatenation(printed)).to.equal(
      'N000012020-01-161053:10-05:003500000.001000000.002500000.007000853718001994361026931',
    );
    expect(cune(printed)).to.equal(
      'b8f9b6c24de07ffd92ea5467433a3b69357cfaffa7c19722db94b2e0eca41d057085a54f484b5da15ff585e773b0b0ab',
    );
  });

  it('given an adjustment note that deletes, when concatenated, then totals are 0.00 and the worker is 0', () => {
    const deletion = { ...annexExample, accruedTotal: '0', deductionsTotal: '0', paymentTotal: '0', workerDocument: '0', xmlType: '103' as const };
    expect(cuneConcatenation(deletion)).to.equal('N000012020-01-1610:53:10-05:000.000.000.0070008537101036931');
  });
});
