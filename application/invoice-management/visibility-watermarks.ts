import type { CollectionSpec, ReadModelCollection } from '../ports/read-model-store.ts';
import { changeSequenceOf } from './change-sequence.ts';

/** "At `at`, every document change up to log position `position` was visible to lists." */
export interface VisibilitySample {
  at: string;
  position: string;
}

export const VISIBILITY_COLLECTION: CollectionSpec<VisibilitySample> = { name: 'document_visibility', indexes: [['at']] };

const PARTITION = { tenantId: '_documents', environment: '_' };

/** Fine samples for the last hour, coarser ones for the last week, one a day for ever: at most one write a second. */
const RINGS = [
  { name: 's', periodMs: 1_000, slots: 3_600 },
  { name: 'm', periodMs: 60_000, slots: 10_080 },
  { name: 'd', periodMs: 86_400_000, slots: Number.POSITIVE_INFINITY },
] as const;

/**
 * Maps a time to a log position for `updated_since`. The documents projection applies events one at a time in log
 * order, so once it has written the row of the event at position p, every change up to p is in the read model; it
 * records that as a sample. Any sample taken before a time t is a position every reader at t could already see, so
 * changes after it include every change a reader at t could not see yet, however far the projection lagged.
 */
export class VisibilityWatermarks {
  private readonly lastBucket = new Map<string, number>();

  constructor(private readonly samples: ReadModelCollection<VisibilitySample>) {}

  async record(position: bigint, now: Date): Promise<void> {
    for (const ring of RINGS) {
      const bucket = Math.floor(now.getTime() / ring.periodMs);
      if (this.lastBucket.get(ring.name) === bucket) continue;
      this.lastBucket.set(ring.name, bucket);
      const slot = Number.isFinite(ring.slots) ? bucket % ring.slots : bucket;
      await this.samples.upsert({ ...PARTITION, id: `${ring.name}${slot}` }, position, { at: now.toISOString(), position: changeSequenceOf(position) });
    }
  }

  /** The change sequence every reader could see at `time`; '' when nothing is known that early (list from the start). */
  async visibleAt(time: Date): Promise<string> {
    const [latest] = await this.samples.find({ ...PARTITION, where: { at: { lte: time.toISOString() } }, orderBy: [['at', 'desc']], limit: 1 });
    return latest?.position ?? '';
  }
}
