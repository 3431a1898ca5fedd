import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { EditDraft as EditDraftCommand } from '../../domain/documents/drafts/draft-commands.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { BodyCheck } from './body-check.ts';
import { DraftShapeError } from './invoice-management-errors.ts';
import { invoiceStreamId, loadInvoice } from './load-invoice.ts';
import { mergePatch } from './merge-patch.ts';

/** Applies a JSON merge patch to a draft; the patch is merged into the draft as it stands when the edit is written. */
export class EditDraft {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
  ) {}

  async execute(id: string, patch: Record<string, unknown>, context: RequestContext, checkDraft: BodyCheck): Promise<DocumentState> {
    const loaded = await loadInvoice(this.aggregates, id, context);
    const handled = await this.aggregates.handle(
      invoiceStreamId(id),
      documentDecider,
      (state): EditDraftCommand => {
        const body = mergePatch(state.body, patch) as Record<string, unknown>;
        const issues = state.status === 'draft' ? checkDraft(body) : [];
        if (issues.length > 0) throw new DraftShapeError(issues);
        return { type: 'EditDraft', body, now: this.clock.now() };
      },
      context,
      loaded,
    );
    return handled.state;
  }
}
