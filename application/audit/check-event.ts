import type { RecordedEvent } from '../ports/event-store.ts';
import { eventHash, genesisHash, storedHash, storedPreviousHash } from './event-hash.ts';
import type { TrailFinding } from './trail-finding.ts';

/** How far from its place a moved event is still recognised as reordered rather than altered. */
const REORDER_WINDOW = 1_000n;

/** Whether the event still hashes to the hash stored with it; checks nothing about its neighbours. */
export function checkEvent(event: RecordedEvent): TrailFinding | undefined {
  const at = { streamId: event.streamId, position: event.position, revision: event.revision, at: event.position };
  const hash = storedHash(event.metadata);
  if (hash === undefined) return { ...at, kind: 'unchained', detail: 'carries no hash' };
  const previous = storedPreviousHash(event.metadata) ?? '';
  if (eventHash(previous, event) === hash) return undefined;
  const written = writtenRevision(event, previous, hash);
  if (written !== undefined) return { ...at, kind: 'reordered', detail: `written as revision ${written}` };
  return { ...at, kind: 'altered', detail: 'hash mismatch' };
}

/** The revision under which the event's content does hash to its stored hash, if one does nearby. */
function writtenRevision(event: RecordedEvent, previous: string, hash: string): bigint | undefined {
  // Only a stream's first event links to the genesis, and only it may.
  if (previous === genesisHash(event.streamId)) return eventHash(previous, { ...event, revision: 0n }) === hash ? 0n : undefined;
  const from = event.revision > REORDER_WINDOW ? event.revision - REORDER_WINDOW : 1n;
  for (let revision = from; revision <= event.revision + REORDER_WINDOW; revision += 1n) {
    if (revision !== event.revision && eventHash(previous, { ...event, revision }) === hash) return revision;
  }
  return undefined;
}
