import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import type { NumberingResolution } from '../../domain/numbering/numbering-resolution.ts';
import type { RangeState } from '../../domain/numbering/range-state.ts';
import type { Clock } from '../ports/clock.ts';
import type { RangeStreams } from './range-streams.ts';

/** A document's status by family and id; `none` when no such document was created. */
export type DocumentStatusOf = (family: DocumentFamilyName, documentId: string) => Promise<string>;

/** A reservation whose document was never created is given back after this long (its request died between the two). */
const ABANDONED_AFTER_MS = 60_000;

const ENDED = new Set(['rejected', 'cancelled', 'failed']);

/**
 * Gives back the reservations of a full range that no longer hold a number for anyone: documents rejected, discarded
 * or failed (the sandbox releases a rejection at once; a discard of a pending document, a failure or a request that
 * died after reserving leave theirs here), and documents that were never created. Runs only when a range is full.
 */
export class Reclaimer {
  constructor(
    private readonly ranges: RangeStreams,
    private readonly statusOf: DocumentStatusOf,
    private readonly clock: Clock,
  ) {}

  async reclaim(resolution: NumberingResolution, state: RangeState): Promise<number> {
    let released = 0;
    const now = this.clock.now();
    for (const [documentId, at] of [...state.reserved]) {
      const status = await this.statusOf(resolution.family, documentId);
      const abandoned = status === 'none' && now.getTime() - Date.parse(at) >= ABANDONED_AFTER_MS;
      if (!abandoned && !ENDED.has(status)) continue;
      await this.ranges.run(resolution, { type: 'Release', documentId, reason: abandoned ? 'abandoned' : status, now });
      released += 1;
    }
    return released;
  }
}
