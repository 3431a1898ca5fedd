import { AssertionError, expect } from 'chai';
import type { Decider } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { deciderSpec } from './decider-spec.ts';

/** A tally that adds positive amounts until it is closed. */
type TallyCommand = { type: 'Add'; amount: number } | { type: 'Close' };
type TallyEvent = { type: 'Added'; amount: number } | { type: 'Closed' };
interface TallyState {
  total: number;
  closed: boolean;
}

const tally: Decider<TallyCommand, TallyEvent, TallyState> = {
  initialState: () => ({ total: 0, closed: false }),
  decide(command, state) {
    if (state.closed) throw new DomainError('not_editable', 'the tally is closed');
    if (command.type === 'Close') return [{ type: 'Closed' }];
    if (command.amount <= 0) throw new RangeError('amounts are positive');
    return [{ type: 'Added', amount: command.amount }];
  },
  evolve(state, event) {
    return event.type === 'Added' ? { ...state, total: state.total + event.amount } : { ...state, closed: true };
  },
};

const add = (amount: number): TallyCommand => ({ type: 'Add', amount });
const close: TallyCommand = { type: 'Close' };

describe('deciderSpec: given/when/then over a decider', () => {
  const spec = deciderSpec(tally);

  it('given commands, then each is decided on the state the ones before it left, and the history is their events', () => {
    const scenario = spec.given(add(2), add(3));
    expect(scenario.events).to.deep.equal([{ type: 'Added', amount: 2 }, { type: 'Added', amount: 3 }]);
    expect(scenario.state).to.deep.equal({ total: 5, closed: false });
  });

  it('given nothing, then the initial state and no history', () => {
    expect(spec.given().state).to.deep.equal({ total: 0, closed: false });
    expect(spec.given().events).to.deep.equal([]);
  });

  it('given events, then they are folded without deciding anything', () => {
    const scenario = spec.givenEvents({ type: 'Added', amount: 4 }, { type: 'Closed' });
    expect(scenario.state).to.deep.equal({ total: 4, closed: true });
    expect(scenario.events).to.deep.equal([{ type: 'Added', amount: 4 }, { type: 'Closed' }]);
  });

  it('given a state by hand, then it is the state, with no history', () => {
    const scenario = spec.givenState({ total: 10, closed: false });
    expect(scenario.when(add(1)).state).to.deep.equal({ total: 11, closed: false });
    expect(scenario.events).to.deep.equal([]);
  });

  it('when a command, then the events it decides and the state they fold to; the scenario stays as it was', () => {
    const scenario = spec.given(add(2));
    expect(scenario.when(add(5))).to.deep.equal({ events: [{ type: 'Added', amount: 5 }], state: { total: 7, closed: false } });
    expect(scenario.state).to.deep.equal({ total: 2, closed: false });
  });

  it('refused: the DomainError the command is refused with', () => {
    const error = spec.given(add(2), close).refused(add(1));
    expect(error).to.be.instanceOf(DomainError);
    expect(error.code).to.equal('not_editable');
  });

  it('refused: fails the test, naming the command and what it decided, when the command is not refused', () => {
    expect(() => spec.given(add(2)).refused(add(1))).to.throw(AssertionError, /Add was expected to be refused, but it decided \[\{"type":"Added","amount":1\}\]/);
  });

  it('refused: fails the test when the command throws something other than a DomainError', () => {
    expect(() => spec.given().refused(add(-1))).to.throw(AssertionError, /Add was refused with an error that is not a DomainError/);
  });
});
