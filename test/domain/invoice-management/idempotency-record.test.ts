import { expect } from 'chai';
import { idempotencyRecordDecider, type IdempotencyRecordCommand } from '../../../domain/invoice-management/idempotency-record.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const start = (holder: string, now = T0, fingerprint = 'f1'): IdempotencyRecordCommand => ({ type: 'StartRequest', fingerprint, method: 'POST', path: '/p', holder, leaseMs: 1_000, now });
const answer = { status: 202, body: { ok: true } };

const spec = deciderSpec(idempotencyRecordDecider);

describe('idempotencyRecordDecider', () => {
  it('given a new key, when a request starts, then it holds the key until its lease ends', () => {
    expect(spec.given(start('a')).state).to.include({ status: 'started', holder: 'a', fingerprint: 'f1', leaseUntil: at(1_000).toISOString() });
  });

  it('given a running request, then the same request is in_progress and another one is an idempotency_conflict', () => {
    const running = spec.given(start('a'));
    expect(running.refused(start('b', at(10))).code).to.equal('in_progress');
    expect(running.refused(start('b', at(10), 'f2')).code).to.equal('idempotency_conflict');
  });

  it('given a holder whose lease ran out, when the same request starts, then it takes over; the old holder can no longer complete', () => {
    const takenOver = spec.given(start('a'), start('b', at(1_001)));
    expect(takenOver.state.holder).to.equal('b');
    expect(takenOver.refused({ type: 'CompleteRequest', holder: 'a', answer, now: at(1_002) }).code).to.equal('not_holder');
  });

  it('given a completed request, then its answer is kept; starting again is already_completed or a conflict', () => {
    const completed = spec.given(start('a'), { type: 'CompleteRequest', holder: 'a', answer, now: at(5) });
    expect(completed.state).to.include({ status: 'completed' });
    expect(completed.state.answer).to.deep.equal(answer);
    expect(completed.refused(start('b', at(6))).code).to.equal('already_completed');
    expect(completed.refused(start('b', at(6), 'f2')).code).to.equal('idempotency_conflict');
  });

  it('given a released request (a temporary failure), when the same request comes again, then it may run', () => {
    const released = spec.given(start('a'), { type: 'ReleaseRequest', holder: 'a', now: at(5) });
    expect(released.state.status).to.equal('released');
    expect(spec.given(start('a'), { type: 'ReleaseRequest', holder: 'a', now: at(5) }, start('b', at(6))).state.holder).to.equal('b');
    expect(released.when({ type: 'ReleaseRequest', holder: 'zzz', now: at(7) }).events).to.deep.equal([]);
  });
});
