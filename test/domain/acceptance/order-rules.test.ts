import { expect } from 'chai';
import { AcceptanceInputError, EventNotAllowedError } from '../../../domain/acceptance/acceptance-errors.ts';
import { invoiceFacts, send, trailAfter } from './trail-fixtures.ts';

/** Given the codes already recorded, when the receiver sends `code`, then the named rule refuses it. */
function expectRefused(recorded: string[], code: string, rule: string): void {
  const state = trailAfter(recorded);
  expect(() => send(state, code), `${recorded.join(',') || '(empty)'} then ${code}`)
    .to.throw(EventNotAllowedError)
    .with.property('rule', rule);
}

function expectAllowed(recorded: string[], code: string): void {
  const events = send(trailAfter(recorded), code);
  expect(events[0]).to.deep.include({ type: 'AcceptanceEventRecorded' });
  expect(events[0].type === 'AcceptanceEventRecorded' && events[0].data.code).to.equal(code);
}

describe('acceptance order rules (reference §8)', () => {
  describe('receipt_first: 030 comes before any other event', () => {
    for (const code of ['031', '032', '033']) {
      it(`given an empty trail, when ${code} is sent, then receipt_first refuses it`, () => expectRefused([], code, 'receipt_first'));
    }
    it('given an empty trail, when 030 is sent, then it is recorded as event number 1', () => {
      const [event] = send(trailAfter([]), '030');
      expect(event.type === 'AcceptanceEventRecorded' && event.data.number).to.equal('1');
    });
  });

  describe('no_duplicates: each code once', () => {
    it('given 030, when 030 is sent again, then no_duplicates refuses it', () => expectRefused(['030'], '030', 'no_duplicates'));
    it('given 030, 032, when 032 is sent again, then no_duplicates refuses it', () => expectRefused(['030', '032'], '032', 'no_duplicates'));
    it('given 030, 031, when 031 is sent again, then no_duplicates refuses it', () => expectRefused(['030', '031'], '031', 'no_duplicates'));
  });

  describe('acceptance_needs_goods_received: 033 only after 032', () => {
    it('given 030, when 033 is sent, then acceptance_needs_goods_received refuses it', () => expectRefused(['030'], '033', 'acceptance_needs_goods_received'));
    it('given 030, 032, when 033 is sent, then it is recorded', () => expectAllowed(['030', '032'], '033'));
  });

  describe('claim_bars_acceptance: after 031 no acceptance; 032 still may follow', () => {
    it('given 030, 032, 031, when 033 is sent, then claim_bars_acceptance refuses it', () => expectRefused(['030', '032', '031'], '033', 'claim_bars_acceptance'));
    it('given 030, 031, when 032 is sent, then it is recorded (goods claimed as undelivered may still arrive)', () => expectAllowed(['030', '031'], '032'));
    it('given 030, 031, 032, when 033 is sent, then claim_bars_acceptance refuses it', () => expectRefused(['030', '031', '032'], '033', 'claim_bars_acceptance'));
    it('given 030, when 031 is sent, then it is recorded (a claim needs no receipt of goods)', () => expectAllowed(['030'], '031'));
    it('given 030, 032, when 031 is sent, then it is recorded', () => expectAllowed(['030', '032'], '031'));
  });

  describe('accepted_invoice_final: nothing after 033', () => {
    it('given 030, 032, 033, when 031 is sent, then accepted_invoice_final refuses it', () => expectRefused(['030', '032', '033'], '031', 'accepted_invoice_final'));
  });

  describe('invoice_voided', () => {
    it('given a voided invoice, when 030 is sent, then invoice_voided refuses it', () => {
      expect(() => send(trailAfter([]), '030', { invoice: invoiceFacts({ voided: true }) }))
        .to.throw(EventNotAllowedError)
        .with.property('rule', 'invoice_voided');
    });
  });

  describe('what can never be sent by a receiver', () => {
    it('when 034 is sent, then it is refused as input naming code (the issuer’s service records it)', () => {
      expect(() => send(trailAfter(['030', '032']), '034')).to.throw(AcceptanceInputError).with.nested.property('issues[0].field', 'code');
    });
    it('when 031 comes without a claim concept, then claim_concept is required', () => {
      expect(() => send(trailAfter(['030']), '031', { claimConcept: undefined }))
        .to.throw(AcceptanceInputError, /claim_concept: is required/);
    });
    it('when 031 comes with concept 05, then claim_concept must be 01–04', () => {
      expect(() => send(trailAfter(['030']), '031', { claimConcept: '05' })).to.throw(AcceptanceInputError, /must be one of 01, 02, 03, 04/);
    });
    it('when 030 comes with a claim concept, then claim_concept is refused', () => {
      expect(() => send(trailAfter([]), '030', { claimConcept: '01' })).to.throw(AcceptanceInputError, /only sent with a claim/);
    });
  });
});
