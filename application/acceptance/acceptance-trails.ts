import { acceptanceDecider } from '../../domain/acceptance/acceptance-decider.ts';
import { acceptanceStreamId } from '../../domain/acceptance/acceptance-events.ts';
import type { AcceptanceState } from '../../domain/acceptance/acceptance-state.ts';
import type { AggregateStore, Loaded } from '../event-sourcing/aggregate-store.ts';

/** Reads an invoice's acceptance trail by folding its stream: an event recorded a moment ago is always there. */
export class AcceptanceTrails {
  constructor(private readonly aggregates: AggregateStore) {}

  load(invoiceId: string): Promise<Loaded<AcceptanceState>> {
    return this.aggregates.load(acceptanceStreamId(invoiceId), acceptanceDecider);
  }

  async of(invoiceId: string): Promise<AcceptanceState> {
    return (await this.load(invoiceId)).state;
  }
}
