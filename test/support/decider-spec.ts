import { expect } from 'chai';
import type { Decider } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';

/** What a command decides on a scenario's state: the new events and the state they fold to. */
export interface Decision<Event, State> {
  events: Event[];
  state: State;
}

/** A history of a decider: its events and the state they fold to, asked what a next command decides. */
export interface DeciderScenario<Command, Event, State> {
  /** The events of the history, in order (none for a state given by hand). */
  readonly events: readonly Event[];
  /** The state the history folds to. */
  readonly state: State;
  /** Decides `command` on the state. */
  when(command: Command): Decision<Event, State>;
  /** The DomainError that refuses `command`; fails the test when the command is decided instead. */
  refused(command: Command): DomainError;
}

/** Given/when/then over a decider: a history (commands decided one after another, or events), a command, its answer. */
export interface DeciderSpec<Command, Event, State> {
  /** Each command is decided on the state the ones before it left, and its events folded in. */
  given(...commands: Command[]): DeciderScenario<Command, Event, State>;
  /** The events folded from the initial state, none decided. */
  givenEvents(...events: Event[]): DeciderScenario<Command, Event, State>;
  /** A state no history reaches (one changed by hand); its scenario has no events. */
  givenState(state: State): DeciderScenario<Command, Event, State>;
}

export function deciderSpec<Command extends { type: string }, Event, State>(decider: Decider<Command, Event, State>): DeciderSpec<Command, Event, State> {
  const fold = (events: readonly Event[], state: State): State => events.reduce(decider.evolve, state);

  const scenario = (events: readonly Event[], state: State): DeciderScenario<Command, Event, State> => ({
    events,
    state,
    when(command) {
      const decided = decider.decide(command, state);
      return { events: decided, state: fold(decided, state) };
    },
    refused(command) {
      let decided: Event[];
      try {
        decided = decider.decide(command, state);
      } catch (error) {
        expect(error, `${command.type} was refused with an error that is not a DomainError`).to.be.instanceOf(DomainError);
        return error as DomainError;
      }
      expect.fail(`${command.type} was expected to be refused, but it decided ${JSON.stringify(decided)}`);
    },
  });

  return {
    given(...commands) {
      const history: Event[] = [];
      let state = decider.initialState();
      for (const command of commands) {
        const decided = decider.decide(command, state);
        history.push(...decided);
        state = fold(decided, state);
      }
      return scenario(history, state);
    },
    givenEvents(...events) {
      return scenario(events, fold(events, decider.initialState()));
    },
    givenState(state) {
      return scenario([], state);
    },
  };
}
