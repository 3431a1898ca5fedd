import { expect } from 'chai';
import { idempotencyRecordDecider as decider, type IdempotencyRecordCommand, type IdempotencyRecordState } from '../../../domain/invoice-management/idempotency-record.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const start = (holder: string, now = T0, fingerprint = 'f1'): IdempotencyRecordCommand => ({ type: 'StartRequest', fingerprint, method: 'POST', path: '/p', holder, leaseMs: 1_000, now });
const answer = { status: 202, body: { ok: true } };

function given(...commands: IdempotencyRecordCommand[]): IdempotencyRecordState {
  return commands.reduce((state, command) => decider.decide(command, state).reduce(decider.evolve, state), decider.initialState());
}
function code(state: IdempotencyRecordState, command: IdempotencyRecordCommand): string {
  try {
    decider.decide(command, state);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return (error as DomainError).code;
  }
  return 'accepted';
}

describe('idempotencyRecordDecider', () => {
  it('given a new key, when a request starts, then it holds the key until its lease ends', () => {
    expect(given(start('a'))).to.include({ status: 'started', holder: 'a', fingerprint: 'f1', leaseUntil: at(1_000).toISOString() });
  });

  it('given a running request, then the same request is in_progress and another one is an idempotency_conflict', () => {
    const state = given(start('a'));
    expect(code(state, start('b', at(10)))).to.equal('in_progress');
    expect(code(state, start('b', at(10), 'f2'))).to.equal('idempotency_conflict');
  });

  it('given a holder whose lease ran out, when the same request starts, then it takes over; the old holder can no longer complete', () => {
    const state = given(start('a'), start('b', at(1_001)));
    expect(state.holder).to.equal('b');
    expect(code(state, { type: 'CompleteRequest', holder: 'a', answer, now: at(1_002) })).to.equal('not_holder');
  });

  it('given a completed request, then its answer is kept; starting again is already_completed or a conflict', () => {
    const state = given(start('a'), { type: 'CompleteRequest', holder: 'a', answer, now: at(5) });
    expect(state).to.include({ status: 'completed' });
    expect(state.answer).to.deep.equal(answer);
    expect(code(state, start('b', at(6)))).to.equal('already_completed');
    expect(code(state, start('b', at(6), 'f2'))).to.equal('idempotency_conflict');
  });

  it('given a released request (a temporary failure), when the same request comes again, then it may run', () => {
    const state = given(start('a'), { type: 'ReleaseRequest', holder: 'a', now: at(5) });
    expect(state.status).to.equal('released');
    expect(given(start('a'), { type: 'ReleaseRequest', holder: 'a', now: at(5) }, start('b', at(6))).holder).to.equal('b');
    expect(decider.decide({ type: 'ReleaseRequest', holder: 'zzz', now: at(7) }, state)).to.deep.equal([]);
  });
});
