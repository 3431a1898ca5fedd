import type { ExpectedRevision } from '../ports/event-store.ts';

/**
 * The revision a settled timer is removed under (DueWorkScheduler's `settled`): the stream's, once none of its work is
 * `open`; undefined while some is, or when the stream does not exist.
 */
export function revisionOnceSettled(loaded: { expected: ExpectedRevision }, open: boolean): bigint | undefined {
  return open || typeof loaded.expected !== 'bigint' ? undefined : loaded.expected;
}
