import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import { invoiceStreamId, loadInvoice } from './load-invoice.ts';

/** A draft, or an issued invoice never transmitted, becomes discarded. */
export class DiscardDraft {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute(id: string, context: RequestContext): Promise<DocumentState> {
    const loaded = await loadInvoice(this.aggregates, id, context);
    const handled = await this.aggregates.handle(invoiceStreamId(id), documentDecider, { type: 'DiscardDraft', now: this.clock.now() }, context, loaded);
    return handled.state;
  }
}
