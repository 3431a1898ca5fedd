import type { Decider } from '../shared/decider.ts';

/** The sender took the next consecutive of the files it sends to DIAN in a year (reference dian-webservices.md §7). */
interface DianFileNumberTaken {
  type: 'DianFileNumberTaken';
  data: { consecutive: number; at: string };
}

interface TakeDianFileNumber {
  type: 'TakeDianFileNumber';
  now: Date;
}

interface FileConsecutiveState {
  last: number;
}

/** One stream per sender, environment and year: `dianFileCounter-{tenant}.{environment}.{year}`. */
export const dianFileCounterStreamId = (tenantId: string, environment: string, year: number) => `dianFileCounter-${tenantId}.${environment}.${year}`;

/** Counts a sender's files to DIAN: 1, 2, 3… within the stream's year; racing takers get distinct numbers (the append is guarded). */
export const fileConsecutiveDecider: Decider<TakeDianFileNumber, DianFileNumberTaken, FileConsecutiveState> = {
  initialState: () => ({ last: 0 }),
  evolve: (_state, event) => ({ last: event.data.consecutive }),
  decide: (command, state) => [{ type: 'DianFileNumberTaken', data: { consecutive: state.last + 1, at: command.now.toISOString() } }],
};
