/** A pure aggregate: decide turns a command into events, evolve folds events into state. */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}
