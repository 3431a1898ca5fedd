import { documentDecider } from '../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../domain/documents/document-errors.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { FinalizeDocument } from '../../domain/documents/drafts/draft-commands.ts';
import { salesInvoiceFamily } from '../../domain/documents/families/index.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { BodyCheck } from './body-check.ts';
import { invoiceStreamId, loadInvoice } from './load-invoice.ts';

/** draft → issued: the complete body shape first (a draft may be partial), then the issuance rules in the decider. */
export class FinalizeInvoice {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute(id: string, context: RequestContext, checkBody: BodyCheck): Promise<DocumentState> {
    const loaded = await loadInvoice(this.aggregates, id, context);
    const handled = await this.aggregates.handle(
      invoiceStreamId(id),
      documentDecider,
      (state): FinalizeDocument => {
        const issues = state.status === 'draft' ? checkBody(state.body) : [];
        if (issues.length > 0) throw new DocumentValidationError(issues);
        return { type: 'FinalizeDocument', family: salesInvoiceFamily, now: this.clock.now() };
      },
      context,
      loaded,
    );
    return handled.state;
  }
}
