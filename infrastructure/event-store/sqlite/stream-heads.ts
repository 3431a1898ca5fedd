import { storedHash } from '../../../application/audit/event-hash.ts';
import type { ExpectedRevision, RecordedEvent } from '../../../application/ports/event-store.ts';
import { keepBounded } from '../../../domain/shared/bounded-map.ts';

/** A stream's newest event: its revision, and the hash the stream's next event links to (none: the genesis). */
export interface StreamHead {
  revision: bigint;
  hash: string | undefined;
}

/** Enough for the streams a connection appends to within a few seconds at thousands of documents a second. */
const MAX_STREAMS = 16_384;

/** Where a new stream's first event starts: before revision 0, linked to the stream's genesis. */
const NEW_STREAM: StreamHead = { revision: -1n, hash: undefined };

/**
 * The newest committed event this connection has seen of each stream it used lately (read, or appended to and
 * committed), so that an append expecting exactly that revision, or a new stream, links to it without reading the
 * stream's last event inside the write lock (about a quarter of an append's time there, once another connection's
 * commit has emptied this one's page cache). The insert keeps it safe: revisions are unique per stream and follow each
 * other, and events never change, so the next revision is free exactly when the known event is still the newest; when
 * another writer took it, the insert is refused and the store reads the stream to report the conflict.
 *
 * An append's head is known only once its transaction commits: a group that fails as a whole writes nothing, and what
 * it would have made newest must not be linked to.
 */
export class StreamHeads {
  private readonly heads = new Map<string, StreamHead>();
  private staged: Array<[string, StreamHead]> = [];

  /** What an append expecting `expected` links to without a look-up; undefined when the stream must be read. */
  linkFor(streamId: string, expected: ExpectedRevision): StreamHead | undefined {
    if (expected === 'no_stream') return NEW_STREAM;
    if (typeof expected !== 'bigint') return undefined;
    const head = this.heads.get(streamId);
    return head?.revision === expected ? head : undefined;
  }

  /** Events read from the log (committed): each stream's newest becomes known. */
  saw(events: readonly RecordedEvent[]): void {
    for (const event of events) this.learn(event.streamId, { revision: event.revision, hash: storedHash(event.metadata) });
  }

  /** A group's transaction begins: nothing of it is known yet. */
  beginGroup(): void {
    this.staged = [];
  }

  /** An append written in the open group: its stream's head once the group commits. */
  appended(streamId: string, head: StreamHead): void {
    this.staged.push([streamId, head]);
  }

  /** The open group committed: its appends' heads are known. */
  committed(): void {
    for (const [streamId, head] of this.staged) this.learn(streamId, head);
    this.staged = [];
  }

  private learn(streamId: string, head: StreamHead): void {
    const known = this.heads.get(streamId);
    if (known && known.revision >= head.revision) return;
    keepBounded(this.heads, streamId, head, MAX_STREAMS);
  }
}
