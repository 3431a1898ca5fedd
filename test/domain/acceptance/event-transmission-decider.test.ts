import { expect } from 'chai';
import { acceptanceDecider } from '../../../domain/acceptance/acceptance-decider.ts';
import type { AcceptanceCommand } from '../../../domain/acceptance/acceptance-commands.ts';
import type { AcceptanceEvent } from '../../../domain/acceptance/acceptance-events.ts';
import type { AcceptanceState } from '../../../domain/acceptance/acceptance-state.ts';
import { answerStatus, type DianEventAnswer } from '../../../domain/acceptance/dian-transmission.ts';
import { deciderSpec } from '../../support/decider-spec.ts';
import { invoiceFacts, PIN, RECEIVER } from './trail-fixtures.ts';

const spec = deciderSpec<AcceptanceCommand, AcceptanceEvent, AcceptanceState>(acceptanceDecider);
const invoice = invoiceFacts();
const T0 = new Date('2026-02-05T15:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const LEASE = 120_000;

const receive = (code: string, transmitToDian = true, now = T0): AcceptanceCommand => ({
  type: 'RecordReceiverEvent',
  invoice,
  receiver: RECEIVER,
  code,
  softwarePin: PIN,
  transmitToDian,
  now,
});
const start = (eventNumber = '1', now = T0): AcceptanceCommand => ({ type: 'StartEventTransmission', invoiceId: invoice.invoiceId, eventNumber, leaseMs: LEASE, now });
const answer = (attempt: number, fields: Partial<DianEventAnswer> = {}, now = later(1_000)): AcceptanceCommand => ({
  type: 'RecordEventTransmission',
  invoiceId: invoice.invoiceId,
  eventNumber: '1',
  attempt,
  answer: { statusCode: '00', isValid: true, messages: [], ...fields },
  fileName: 'z0800197268000260000001A.zip',
  now,
});
const fault = (attempt: number, retryAt: Date | null, now = later(1_000)): AcceptanceCommand => ({
  type: 'RecordEventTransmissionFault',
  invoiceId: invoice.invoiceId,
  eventNumber: '1',
  attempt,
  reason: 'DIAN did not answer',
  retryAt,
  now,
});

const REJECTION = { code: 'AAH07', kind: 'rejection' as const, text: 'El evento no corresponde' };
const ALREADY = { code: '90', kind: 'rejection' as const, text: 'Documento procesado anteriormente.' };
const NOTICE = { code: 'AAF01', kind: 'notification' as const, text: 'Aviso' };

describe('acceptance decider: sending own events to DIAN', () => {
  it('given a deployment that does not send to DIAN, when 030 is recorded, then its record has no dian field and no attempt starts', () => {
    const trail = spec.given(receive('030', false));
    expect(trail.state.records[0]).to.not.have.property('dian');
    expect(trail.when(start()).events).to.deep.equal([]);
  });

  it('given a deployment that sends to DIAN, when 030 is recorded, then the event states the intent and the record shows pending', () => {
    const trail = spec.given(receive('030'));
    expect(trail.events[0]).to.have.nested.property('data.transmitTo', 'dian');
    expect(trail.state.records[0].dian).to.deep.equal({ status: 'pending' });
  });

  it('given a pending event, when an attempt starts, then attempt 1 is claimed until the lease ends, and a second claim in the lease gets nothing', () => {
    const claimed = spec.given(receive('030'), start());
    expect(claimed.events[1]).to.deep.equal({
      type: 'AcceptanceEventTransmissionStarted',
      data: { invoiceId: invoice.invoiceId, eventNumber: '1', attempt: 1, leaseUntil: later(LEASE).toISOString(), at: T0.toISOString() },
    });
    expect(claimed.when(start('1', later(LEASE - 1))).events).to.deep.equal([]);
  });

  it('given a claim whose worker vanished, when its lease has ended, then attempt 2 may start', () => {
    const { events } = spec.given(receive('030'), start()).when(start('1', later(LEASE)));
    expect(events).to.have.length(1);
    expect(events[0]).to.have.nested.property('data.attempt', 2);
  });

  it('given attempt 1, when DIAN validates the event, then the record shows accepted with DIAN’s code and its notifications', () => {
    const { events, state } = spec.given(receive('030'), start()).when(answer(1, { messages: [NOTICE] }));
    expect(events[0]).to.deep.equal({
      type: 'AcceptanceEventTransmitted',
      data: {
        invoiceId: invoice.invoiceId,
        eventNumber: '1',
        attempt: 1,
        status: 'accepted',
        statusCode: '00',
        isValid: true,
        messages: [NOTICE],
        fileName: 'z0800197268000260000001A.zip',
        answeredAt: later(1_000).toISOString(),
      },
    });
    expect(state.records[0].dian).to.deep.equal({ status: 'accepted', statusCode: '00', messages: [NOTICE] });
  });

  it('given attempt 1, when DIAN rejects the event, then the record shows rejected with the rules, and nothing more is sent', () => {
    const rejected = spec.given(receive('030'), start(), answer(1, { statusCode: '99', isValid: false, messages: [REJECTION, NOTICE] }));
    expect(rejected.state.records[0].dian).to.deep.equal({ status: 'rejected', statusCode: '99', messages: [REJECTION, NOTICE] });
    expect(rejected.when(start('1', later(3_600_000))).events).to.deep.equal([]);
    expect(rejected.when(answer(1)).events).to.deep.equal([]);
  });

  it('given attempt 1, when DIAN answers rule 90 (already processed), then the event counts as accepted', () => {
    const { state } = spec.given(receive('030'), start()).when(answer(1, { statusCode: '99', isValid: false, messages: [ALREADY] }));
    expect(state.records[0].dian).to.include({ status: 'accepted', statusCode: '99' });
  });

  it('given DIAN unreachable on attempt 1, when the fault is recorded, then the event stays pending until the retry time, when attempt 2 starts', () => {
    const retryAt = later(10_000);
    const deferred = spec.given(receive('030'), start(), fault(1, retryAt));
    expect(deferred.events[2]).to.deep.include({ type: 'AcceptanceEventTransmissionDeferred' });
    expect(deferred.state.records[0].dian).to.deep.equal({ status: 'pending', reason: 'DIAN did not answer' });
    expect(deferred.when(start('1', later(9_999))).events).to.deep.equal([]);
    expect(deferred.when(start('1', retryAt)).events[0]).to.have.nested.property('data.attempt', 2);
  });

  it('given attempt 2 started, when a stale fault of attempt 1 arrives, then it decides nothing', () => {
    const retried = spec.given(receive('030'), start(), fault(1, later(10_000)), start('1', later(10_000)));
    expect(retried.when(fault(1, later(20_000))).events).to.deep.equal([]);
  });

  it('given the last attempt failed, when the fault has no retry time, then the event is failed with the reason', () => {
    const { events, state } = spec.given(receive('030'), start()).when(fault(1, null));
    expect(events[0].type).to.equal('AcceptanceEventTransmissionFailed');
    expect(state.records[0].dian).to.deep.equal({ status: 'failed', reason: 'DIAN did not answer' });
  });

  it('given two events, when the second is answered, then only its record changes', () => {
    const both = spec.given(receive('030'), receive('032', true, later(5_000)), start('2', later(5_000)));
    const { state } = both.when({ ...(answer(1) as object), eventNumber: '2' } as AcceptanceCommand);
    expect(state.records.map((record) => record.dian?.status)).to.deep.equal(['pending', 'accepted']);
  });

  it('given an unknown event number, when an attempt starts, then nothing is decided', () => {
    expect(spec.given(receive('030')).when(start('7')).events).to.deep.equal([]);
  });
});

describe('answerStatus', () => {
  it('is accepted when valid, even with notifications', () => {
    expect(answerStatus({ statusCode: '00', isValid: true, messages: [NOTICE] })).to.equal('accepted');
  });
  it('is accepted when rule 90 is the only rejection', () => {
    expect(answerStatus({ statusCode: '99', isValid: false, messages: [ALREADY, NOTICE] })).to.equal('accepted');
  });
  it('is rejected when another rule blocks, with or without rule 90', () => {
    expect(answerStatus({ statusCode: '99', isValid: false, messages: [ALREADY, REJECTION] })).to.equal('rejected');
  });
  it('is rejected when invalid without any rule line (a refused request, 89)', () => {
    expect(answerStatus({ statusCode: '89', isValid: false, messages: [] })).to.equal('rejected');
  });
});
