import type { CoordinationStore } from '../ports/coordination-store.ts';
import { StoreUnavailableError } from '../ports/store-errors.ts';

/** What a decision makes of a shared record: the value to write (none: leave it as it is) and the caller's answer. */
export interface Change<T, A> {
  write?: T;
  answer: A;
}

/** Lost races in a row before giving up; each loss means another instance changed the record meanwhile. */
const MAX_RACES = 100;

/**
 * Decides on the record as read and writes the decision at the version read; after a lost race it reads and decides
 * again, so a decision always rests on the latest value. `decide` may run several times: keep it free of effects.
 */
export async function compareAndSet<T, A>(store: CoordinationStore, key: string, decide: (current: T | undefined) => Change<T, A>): Promise<A> {
  for (let race = 0; race < MAX_RACES; race += 1) {
    const current = await store.read<T>(key);
    const { write, answer } = decide(current?.value);
    if (write === undefined || (await store.write(key, write, current?.version))) return answer;
  }
  throw new StoreUnavailableError('coordination', `${key} kept changing under ${MAX_RACES} attempts to update it`);
}
