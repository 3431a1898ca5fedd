import type { RecordedEvent } from '../ports/event-store.ts';
import { checkEvent } from './check-event.ts';
import { storedHash, storedPreviousHash } from './event-hash.ts';
import { StreamChain } from './stream-chain.ts';
import type { TrailFinding } from './trail-finding.ts';

export interface StreamTrailReport {
  events: number;
  findings: TrailFinding[];
}

/**
 * One stream's hash chain recomputed, as `verifyTrail` does for the whole log: each event against its own hash, then
 * each link to the one before it, with the revisions that are missing between them. A stream's deleted last events
 * leave no trace in the stream itself (the whole-log verification finds them on SQLite, by the hole in the positions).
 */
export function verifyStream(streamId: string, events: readonly RecordedEvent[]): StreamTrailReport {
  const findings: TrailFinding[] = [];
  const chain = new StreamChain(streamId, (finding) => findings.push(finding));
  for (const event of [...events].sort((a, b) => (a.position < b.position ? -1 : 1))) {
    const problem = checkEvent(event);
    if (problem) findings.push(problem);
    chain.add({ position: event.position, revision: event.revision, hash: storedHash(event.metadata), previousHash: storedPreviousHash(event.metadata), flagged: problem !== undefined });
  }
  chain.finish();
  findings.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { events: events.length, findings };
}
