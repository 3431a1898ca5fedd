import type { RecordedEvent } from '../../application/ports/event-store.ts';
import type { ReadModelCollection } from '../../application/ports/read-model-store.ts';
import type { EventHandler } from '../../application/subscriptions/event-handler.ts';
import { DOCUMENT_EVENT_PREFIX, type DocumentEvent } from '../../domain/documents/document-events.ts';
import { initialDocumentState } from '../../domain/documents/document-state.ts';
import { evolveDocument } from '../../domain/documents/evolve-document.ts';
import { FAMILIES } from '../../domain/documents/families/index.ts';
import type { DocumentRow } from '../../application/documents/document-row.ts';
import { DOCUMENT_EVENT_TYPES } from '../../application/documents/document-event-types.ts';
import { toDomainEvent } from '../../application/event-sourcing/domain-event.ts';
import { changeSequenceOf } from '../../application/invoice-management/change-sequence.ts';
import { invoiceStatusOf } from '../../application/invoice-management/invoice-status.ts';
import type { VisibilityWatermarks } from '../../application/invoice-management/visibility-watermarks.ts';
import { systemClock, type Clock } from '../../application/ports/clock.ts';

/** Keeps the documents read model: the same fold as the aggregate, upserted under the stream revision. */
export class DocumentsProjection implements EventHandler {
  readonly name = 'documents';
  readonly kind = 'projection' as const;
  readonly filter = { eventTypePrefixes: [DOCUMENT_EVENT_PREFIX] };

  constructor(
    private readonly rows: ReadModelCollection<DocumentRow>,
    /** Only the live projection records how far lists can see (not a rebuild building a new version). */
    private readonly watermarks?: VisibilityWatermarks,
    private readonly clock: Clock = systemClock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const { tenantId, environment } = event.metadata;
    const documentId = String(event.data.documentId);
    if (!tenantId || !environment) throw new Error(`event ${event.id} has no tenant or environment in its metadata`);
    const key = { tenantId, environment, id: documentId };
    const starts = event.type === 'DocumentCreated' || event.type === 'DocumentDrafted';
    const previous = starts ? initialDocumentState() : await this.rows.get(key);
    if (!previous) throw new Error(`document ${documentId} has no row yet; ${event.type} arrived before its creation`);
    const typed = toDomainEvent<DocumentEvent>(event, DOCUMENT_EVENT_TYPES);
    if (!typed) throw new Error(`event ${event.id}: ${event.type} is not a document event this projection knows`);
    const state = evolveDocument(previous, typed);
    const family = state.family ? FAMILIES.get(state.family) : undefined;
    const counterparty = family?.counterparty(state.body) ?? { identification: '', name: '' };
    await this.rows.upsert(key, event.revision, {
      ...state,
      counterpartyIdentification: counterparty.identification,
      counterpartyName: counterparty.name,
      payableAmount: String(state.totals.payable_amount ?? ''),
      changeSequence: changeSequenceOf(event.position),
      integrationStatus: invoiceStatusOf(state.status),
    });
    await this.watermarks?.record(event.position, this.clock.now());
  }
}
