import { expect } from 'chai';
import type { NumberingResolution } from '../../../domain/numbering/numbering-resolution.ts';
import { decideRange, type RangeCommand } from '../../../domain/numbering/range-decider.ts';
import type { RangeEvent } from '../../../domain/numbering/range-events.ts';
import { applyRangeEvent, initialRangeState, remainingIn, type RangeState } from '../../../domain/numbering/range-state.ts';

const now = new Date('2026-03-01T15:00:00.000Z');
const resolution: NumberingResolution = {
  id: 'r1',
  tenantId: 't-1',
  environment: 'test',
  family: 'sales-invoice',
  prefix: 'FEB',
  from: 1,
  to: 3,
  number: '18764000001',
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  technicalKey: 'k',
  registeredAt: '2026-01-01T00:00:00.000Z',
  retiredAt: null,
};

/** Decides each command on the state the previous ones left, folding what they decided. */
function run(commands: RangeCommand[], on: NumberingResolution = resolution, state: RangeState = initialRangeState(on.from)) {
  const decided: RangeEvent[] = [];
  let refused: string | null = null;
  for (const command of commands) {
    const decision = decideRange(command, state, on);
    if ('refused' in decision) refused = decision.refused;
    else for (const event of decision.events) decided.push(applyRangeEvent(state, event) && event);
  }
  return { state, decided, refused };
}
const reserve = (documentId: string, issueDate = '2026-03-01'): RangeCommand => ({ type: 'Reserve', documentId, issueDate, now });
const assign = (documentId: string): RangeCommand => ({ type: 'Assign', documentId, now });

describe('numbering range (decider)', () => {
  it('given three reservations, when validated in another order, then numbers are consecutive in validation order, without gaps', () => {
    const { state } = run([reserve('a'), reserve('b'), reserve('c'), assign('c'), assign('a'), assign('b')]);
    expect([...state.numbers]).to.deep.equal([['c', 'FEB1'], ['a', 'FEB2'], ['b', 'FEB3']]);
    expect(state.reserved.size).to.equal(0);
  });

  it('given numbered documents, when the authority rejects one, then its number is given back and the next document gets it before a new one', () => {
    const release = (documentId: string, reason = 'rejected'): RangeCommand => ({ type: 'Release', documentId, reason, now });
    const { state, decided } = run([reserve('a'), reserve('b'), assign('a'), assign('b'), release('a'), reserve('c'), assign('c'), reserve('d')]);
    expect(decided.find((e) => e.type === 'NumberReturned')?.data).to.include({ documentId: 'a', number: 'FEB1', consecutive: 1 });
    expect([...state.numbers]).to.deep.equal([['b', 'FEB2'], ['c', 'FEB1']]);
    expect(state.returned).to.deep.equal([]);
    expect(state.next).to.equal(3);
    expect(remainingIn(state, resolution.to)).to.equal(0);
  });

  it('given a numbered document, when released for another reason than a rejection, then its number stays', () => {
    const { state, decided } = run([reserve('a'), assign('a'), { type: 'Release', documentId: 'a', reason: 'cancelled', now }]);
    expect(decided.map((e) => e.type)).to.deep.equal(['NumberReserved', 'NumberAssigned']);
    expect(state.numbers.get('a')).to.equal('FEB1');
  });

  it('given a 3-number range with three reservations, when a fourth document reserves, then it is refused as exhausted before any is numbered', () => {
    const { refused, state } = run([reserve('a'), reserve('b'), reserve('c'), reserve('d')]);
    expect(refused).to.equal('exhausted');
    expect(remainingIn(state, resolution.to)).to.equal(0);
  });

  it('given a reservation, when the same document reserves or is assigned again, then nothing new is recorded (idempotent)', () => {
    const { decided, state } = run([reserve('a'), reserve('a'), assign('a'), assign('a'), reserve('a')]);
    expect(decided.map((e) => e.type)).to.deep.equal(['NumberReserved', 'NumberAssigned']);
    expect(state.numbers.get('a')).to.equal('FEB1');
  });

  it('given dates outside the validity, when reserving, then not_yet_valid before valid_from and expired after valid_to; both ends are inclusive', () => {
    expect(run([reserve('a', '2025-12-31')]).refused).to.equal('not_yet_valid');
    expect(run([reserve('a', '2027-01-01')]).refused).to.equal('expired');
    expect(run([reserve('a', '2026-01-01'), reserve('b', '2026-12-31')]).refused).to.equal(null);
  });

  it('given a retired resolution, when reserving, then it is refused as retired', () => {
    expect(run([reserve('a')], { ...resolution, retiredAt: now.toISOString() }).refused).to.equal('retired');
  });

  it('given a released reservation, then its number is free again and the next validated document takes FEB1', () => {
    const release: RangeCommand = { type: 'Release', documentId: 'a', reason: 'rejected', now };
    const { state, refused } = run([reserve('a'), reserve('b'), reserve('c'), release, reserve('d'), assign('d')]);
    expect(refused).to.equal(null);
    expect(state.numbers.get('d')).to.equal('FEB1');
  });

  it('given a withdrawn document, when assigned, then it gets no number and the range does not move', () => {
    const { state, decided } = run([reserve('a'), { type: 'Withdraw', documentId: 'a', now }, assign('a'), assign('b')]);
    expect(state.numbers.has('a')).to.equal(false);
    expect(state.numbers.get('b')).to.equal('FEB1');
    expect(decided.map((e) => e.type)).to.deep.equal(['NumberReserved', 'NumberWithdrawn', 'NumberAssigned']);
  });

  it('given a document accepted before reservations existed, when assigned, then it is numbered while numbers are left, and refused as exhausted after', () => {
    const { state, refused } = run([assign('old-1'), reserve('a'), reserve('b'), assign('old-2')]);
    expect(state.numbers.get('old-1')).to.equal('FEB1');
    expect(refused).to.equal('exhausted');
  });

  it('given the sandbox range stream of before (SandboxNumberAssigned, SandboxDocumentWithdrawn), then it folds into the same state', () => {
    const state = initialRangeState(990000000);
    applyRangeEvent(state, { type: 'SandboxNumberAssigned', data: { documentId: 'a', number: 'SETP990000000', consecutive: 990000000 } });
    applyRangeEvent(state, { type: 'SandboxDocumentWithdrawn', data: { documentId: 'b' } });
    expect(state.next).to.equal(990000001);
    expect(state.numbers.get('a')).to.equal('SETP990000000');
    expect(state.withdrawn.has('b')).to.equal(true);
  });
});
