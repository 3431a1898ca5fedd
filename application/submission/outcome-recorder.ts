import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import { documentDecider } from '../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { documentStreamId, familyNamed } from '../../domain/documents/families/index.ts';
import type { NumberIndex } from '../documents/number-index.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { ExpectedRevision } from '../ports/event-store.ts';
import type { Clock } from '../ports/clock.ts';

/** Records the provider's answer on the document; a validation first enters the number in the number index. */
export class OutcomeRecorder {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly numbers: NumberIndex,
    private readonly clock: Clock,
  ) {}

  /**
   * `known`: the document's stream as the caller last wrote it (its revision then); saves reading it again. Another
   * event appended since (a lease extended) makes that append fail on its revision, and the stream is read then.
   */
  async record(document: DocumentState, outcome: SubmissionOutcome, context: RequestContext, known?: ExpectedRevision): Promise<DocumentState> {
    if (!document.family) throw new Error(`document ${document.id} has no family`);
    const family = familyNamed(document.family);
    if (outcome.kind === 'validated') await this.numbers.record(document, family.name, outcome.number, document.id);
    const handled = await this.aggregates.handle(
      documentStreamId(family, document.id),
      documentDecider,
      { type: 'RecordOutcome', outcome, now: this.clock.now() },
      context,
      known === undefined ? undefined : { state: document, expected: known, events: [] },
    );
    return handled.state;
  }
}
