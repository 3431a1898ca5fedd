import type { EventStore } from '../ports/event-store.ts';
import { checkEvent } from './check-event.ts';
import { storedHash, storedPreviousHash } from './event-hash.ts';
import { StreamChain } from './stream-chain.ts';
import type { TrailFinding } from './trail-finding.ts';

/** How far a verification has come: after each page of the log. */
export interface TrailProgress {
  /** Events of the log read so far (checked or passed over). */
  read: number;
  /** Events checked (those of the tenant and environment asked for, or all). */
  events: number;
  streams: number;
  findings: readonly TrailFinding[];
}

export interface VerifyTrailOptions {
  /** Only the events whose metadata names this tenant. */
  tenantId?: string;
  /** Only the events whose metadata names this environment. */
  environment?: string;
  /** Called after each page; the verification waits for it (a caller yields to its event loop, records progress there). */
  onPage?: (progress: TrailProgress) => Promise<void>;
  /** Stops the verification between two pages: it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The store numbers the log 1, 2, 3, … with no holes (SQLite): a hole is a deleted event, whatever its stream. */
  contiguousPositions?: boolean;
  pageSize?: number;
}

interface TrailReport {
  events: number;
  streams: number;
  findings: TrailFinding[];
}

/** Recomputes every stream's hash chain from the whole log and reports each altered, reordered or missing event. */
export async function verifyTrail(store: EventStore, options: VerifyTrailOptions = {}): Promise<TrailReport> {
  const pageSize = options.pageSize ?? 1_000;
  const findings: TrailFinding[] = [];
  const report = (finding: TrailFinding) => findings.push(finding);
  const chains = new Map<string, StreamChain>();
  let events = 0;
  let lastPosition = 0n;
  let after: bigint | undefined;
  let read = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await store.readAll({ after, maxCount: pageSize });
    read += page.length;
    for (const event of page) {
      if (options.contiguousPositions) {
        for (let position = lastPosition + 1n; position < event.position; position += 1n) {
          report({ kind: 'missing', streamId: null, position, revision: null, at: position, detail: 'no event at this position of the log' });
        }
      }
      lastPosition = event.position;
      if (options.tenantId !== undefined && event.metadata.tenantId !== options.tenantId) continue;
      if (options.environment !== undefined && event.metadata.environment !== options.environment) continue;
      events += 1;
      const problem = checkEvent(event);
      if (problem) report(problem);
      let chain = chains.get(event.streamId);
      if (!chain) chains.set(event.streamId, (chain = new StreamChain(event.streamId, report)));
      chain.add({
        position: event.position,
        revision: event.revision,
        hash: storedHash(event.metadata),
        previousHash: storedPreviousHash(event.metadata),
        flagged: problem !== undefined,
      });
    }
    await options.onPage?.({ read, events, streams: chains.size, findings });
    if (page.length < pageSize) break;
    after = page[page.length - 1].position;
  }
  for (const chain of chains.values()) chain.finish();
  findings.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { events, streams: chains.size, findings };
}
