import { genesisHash, nextLink } from './event-hash.ts';
import type { TrailFinding } from './trail-finding.ts';

interface ChainLink {
  position: bigint;
  revision: bigint;
  hash: string | undefined;
  previousHash: string | undefined;
  /** Already reported (altered, reordered, unchained): a broken link next to it says nothing new. */
  flagged: boolean;
}

/**
 * Follows one stream's chain in revision order while its events arrive in log order (they differ once revisions
 * were swapped); what arrives ahead of a missing revision waits until the end of the log.
 */
export class StreamChain {
  private nextRevision = 0n;
  private lastHash: string;
  private lastFlagged = false;
  private lastPosition: bigint | null = null;
  private pending: Map<bigint, ChainLink> | undefined;

  constructor(
    readonly streamId: string,
    private readonly report: (finding: TrailFinding) => void,
  ) {
    this.lastHash = genesisHash(streamId);
  }

  add(link: ChainLink): void {
    if (link.revision < this.nextRevision || this.pending?.has(link.revision)) {
      this.report({ ...this.where(link), kind: 'duplicate', detail: 'another event already has this revision' });
    } else if (link.revision > this.nextRevision) {
      (this.pending ??= new Map()).set(link.revision, link);
    } else {
      this.follow(link, false);
      this.drain();
    }
  }

  /** Called at the end of the log: every revision still absent before a waiting event is missing. */
  finish(): void {
    while (this.pending && this.pending.size > 0) {
      const next = [...this.pending.keys()].reduce((a, b) => (a < b ? a : b));
      const link = this.pending.get(next)!;
      for (let revision = this.nextRevision; revision < next; revision += 1n) {
        const after = this.lastPosition === null ? '' : `after position ${this.lastPosition}, `;
        this.report({ streamId: this.streamId, position: null, revision, at: link.position, kind: 'missing', detail: `no such event; ${after}before position ${link.position}` });
      }
      this.pending.delete(next);
      this.nextRevision = next;
      this.follow(link, true);
      this.drain();
    }
  }

  private drain(): void {
    let link: ChainLink | undefined;
    while ((link = this.pending?.get(this.nextRevision))) {
      this.pending!.delete(this.nextRevision);
      this.follow(link, false);
    }
  }

  private follow(link: ChainLink, afterGap: boolean): void {
    const quiet = afterGap || link.flagged || this.lastFlagged;
    if (!quiet && link.previousHash !== this.lastHash) {
      const detail = link.revision === 0n ? 'does not link to the genesis of its stream' : `previous hash does not match revision ${link.revision - 1n}`;
      this.report({ ...this.where(link), kind: 'broken', detail });
    }
    this.lastHash = nextLink(this.streamId, link.hash);
    this.lastFlagged = link.flagged;
    this.lastPosition = link.position;
    this.nextRevision = link.revision + 1n;
  }

  private where(link: ChainLink) {
    return { streamId: this.streamId, position: link.position, revision: link.revision, at: link.position };
  }
}
