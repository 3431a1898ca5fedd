import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { documentStreamId } from '../../domain/documents/families/index.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { DocumentProvider } from '../ports/document-provider.ts';
import type { OutcomeRecorder } from '../submission/outcome-recorder.ts';
import { GetDocument } from './get-document.ts';

/**
 * Discards a document not validated by the authority. A document already in the provider's hands is withdrawn
 * there first; if the provider validated it meanwhile, the validation is recorded and the discard refused.
 */
export class DiscardDocument {
  private readonly getDocument: GetDocument;

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly provider: DocumentProvider,
    private readonly outcomes: OutcomeRecorder,
    private readonly clock: Clock,
  ) {
    this.getDocument = new GetDocument(aggregates);
  }

  async execute(family: DocumentFamily, documentId: string, context: RequestContext): Promise<DocumentState> {
    const document = await this.getDocument.execute(family, documentId, context);
    const streamId = documentStreamId(family, documentId);
    if (document.status === 'sent') {
      const answer = await this.provider.discard(document);
      if (answer.kind !== 'discarded') await this.outcomes.record(document, answer, context);
    }
    const handled = await this.aggregates.handle(streamId, documentDecider, { type: 'CancelDocument', now: this.clock.now() }, context);
    return handled.state;
  }
}
