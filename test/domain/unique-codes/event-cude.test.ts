import { expect } from 'chai';
import { eventCude, eventCudeConcatenation } from '../../../domain/unique-codes/event-cude.ts';

describe('eventCude (reference §2.3)', () => {
  it('given the receipt event 030 of invoice FE123 (V5), when computed, then concatenation and hash match', () => {
    const fields = {
      eventNumber: '1',
      issueDate: '2019-04-30',
      issueTime: '19:48:50-05:00',
      issuerNit: '99998888',
      receiverId: '800197268',
      responseCode: '030',
      referencedDocumentNumber: 'FE123',
      referencedDocumentTypeCode: '01',
      softwarePin: '11111',
    };

    expect(eventCudeConcatenation(fields)).to.equal('12019-04-3019:48:50-05:0099998888800197268030FE1230111111');
    expect(eventCude(fields)).to.equal(
      '0d91ba25b01f5e7dbda870a11b274501d3a62a73e91932c473c86c93f12a142a2ac45876efcde3e679024a01c0be41f9',
    );
  });
});
