import { randomUUID } from 'node:crypto';
import { batchPending, batchRefused, type DianResponseFields } from './dian-response.ts';

/** A habilitación test set: how many accepted documents of each type (root element) close it as accepted. */
export interface TestSetOptions {
  id: string;
  /** e.g. `{ Invoice: 2, CreditNote: 1, DebitNote: 1 }` or `{ NominaIndividual: 1, NominaIndividualDeAjuste: 1 }`. */
  required: Record<string, number>;
  /** More rejections than this close the set as Rechazado; default: never. */
  maxRejected?: number;
}

export interface TestSetState {
  id: string;
  accepted: Record<string, number>;
  rejected: number;
  status: 'En proceso' | 'Aceptado' | 'Rechazado';
}

/** An asynchronous upload: its items once processed, shown after `pendingPolls` GetStatusZip calls. */
interface Batch {
  pendingPolls: number;
  items: DianResponseFields[];
}

/** Test sets and asynchronous batches (reference §6, §8). */
export class TestSets {
  private readonly sets = new Map<string, { options: TestSetOptions; state: TestSetState }>();
  private readonly batches = new Map<string, Batch>();

  constructor(sets: readonly TestSetOptions[], private readonly pendingPolls: number) {
    for (const options of sets) this.sets.set(options.id.toLowerCase(), { options, state: { id: options.id, accepted: {}, rejected: 0, status: 'En proceso' } });
  }

  state(id: string): TestSetState | undefined {
    return this.sets.get(id.toLowerCase())?.state;
  }

  /**
   * Why DIAN refuses this batch for the test set (GetStatusZip StatusCode 2), or null when the set takes documents of
   * these types: unknown id (or a type the set does not count), or a set already closed.
   */
  refusal(testSetId: string, types: readonly string[]): string | null {
    const set = this.sets.get(testSetId.toLowerCase());
    if (!set || types.some((type) => !(type in set.options.required))) return `Set de prueba con identificador ${testSetId} es incorrecto.`;
    if (set.state.status !== 'En proceso') return `Set de prueba con identificador ${testSetId} se encuentra ${set.state.status}.`;
    return null;
  }

  /** Counts a validated or rejected document of the set; closes the set when its counts are reached. */
  count(testSetId: string, type: string, accepted: boolean): void {
    const set = this.sets.get(testSetId.toLowerCase());
    if (!set || set.state.status !== 'En proceso') return;
    if (accepted) set.state.accepted[type] = (set.state.accepted[type] ?? 0) + 1;
    else set.state.rejected += 1;
    const { required, maxRejected } = set.options;
    if (maxRejected !== undefined && set.state.rejected > maxRejected) set.state.status = 'Rechazado';
    else if (Object.entries(required).every(([name, count]) => (set.state.accepted[name] ?? 0) >= count)) set.state.status = 'Aceptado';
  }

  /** Records a batch and returns its ZipKey. */
  addBatch(items: DianResponseFields[]): string {
    const zipKey = randomUUID();
    this.batches.set(zipKey, { pendingPolls: this.pendingPolls, items });
    return zipKey;
  }

  /** A batch refused as a whole. */
  addRefusedBatch(reason: string): string {
    return this.addBatch([batchRefused(reason)]);
  }

  /** GetStatusZip: pending while polls remain, then the items; null for an unknown ZipKey. */
  poll(zipKey: string): DianResponseFields[] | null {
    const batch = this.batches.get(zipKey.toLowerCase());
    if (!batch) return null;
    if (batch.pendingPolls > 0) {
      batch.pendingPolls -= 1;
      return [batchPending()];
    }
    return batch.items;
  }
}
