import type { DocumentEvent } from '../../domain/documents/document-events.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { initialDocumentState, type DocumentState } from '../../domain/documents/document-state.ts';
import { evolveDocument } from '../../domain/documents/evolve-document.ts';
import { enteredIssuance } from '../../domain/documents/drafts/entered-issuance.ts';
import { documentStreamId, FAMILIES } from '../../domain/documents/families/index.ts';
import { verifyStream, type StreamTrailReport } from '../audit/verify-stream.ts';
import { toDomainEvent } from '../event-sourcing/domain-event.ts';
import type { EventStore, RecordedEvent } from '../ports/event-store.ts';
import { DOCUMENT_EVENT_TYPES } from './document-event-types.ts';
import { DocumentNotFoundError } from './document-errors.ts';
import type { Scope } from './get-document.ts';

/** One event of a document and the document as it stood right after it. */
export interface HistoryEntry {
  event: RecordedEvent;
  state: DocumentState;
}

export interface FoundHistory {
  family: DocumentFamily;
  streamId: string;
  entries: HistoryEntry[];
}

/** Folds the stream event by event, keeping every intermediate state. */
function foldHistory(events: readonly RecordedEvent[]): HistoryEntry[] {
  let state = initialDocumentState();
  return events.map((event) => {
    // An event type this fold does not know leaves the state as it was.
    const known = toDomainEvent<DocumentEvent>(event, DOCUMENT_EVENT_TYPES);
    if (known) state = evolveDocument(state, known);
    return { event, state };
  });
}

/** As GetDocument: a draft of the invoice management face that never entered issuance is no document here yet. */
function visible(state: DocumentState): boolean {
  return state.status !== 'none' && enteredIssuance(state);
}

/** Auditors' reads: a document's full history, or the document as it stood at an instant (by recording time). */
export class DocumentHistory {
  constructor(private readonly store: EventStore) {}

  async of(family: DocumentFamily, documentId: string, scope: Scope): Promise<HistoryEntry[]> {
    const entries = foldHistory(await this.store.readStream(documentStreamId(family, documentId)));
    const current = entries.at(-1)?.state;
    if (!current || !visible(current) || current.tenantId !== scope.tenantId || current.environment !== scope.environment) {
      throw new DocumentNotFoundError(documentId);
    }
    return entries;
  }

  /** Throws DocumentNotFoundError too when the document did not exist yet at `instant`. */
  async asOf(family: DocumentFamily, documentId: string, scope: Scope, instant: Date): Promise<DocumentState> {
    const entries = await this.of(family, documentId, scope);
    const later = entries.findIndex((entry) => entry.event.createdAt.getTime() > instant.getTime());
    const then = (later === -1 ? entries : entries.slice(0, later)).at(-1)?.state;
    if (!then || !visible(then)) throw new DocumentNotFoundError(documentId);
    return then;
  }

  /** The document stream's hash chain recomputed (another tenant's document, or none, is not found). */
  async trail(family: DocumentFamily, documentId: string, scope: Scope): Promise<{ streamId: string; report: StreamTrailReport }> {
    const entries = await this.of(family, documentId, scope);
    const streamId = documentStreamId(family, documentId);
    return { streamId, report: verifyStream(streamId, entries.map((entry) => entry.event)) };
  }

  /** For operators: the document's history in whichever family holds the id, across tenants. */
  async find(documentId: string): Promise<FoundHistory | undefined> {
    for (const family of FAMILIES.values()) {
      const streamId = documentStreamId(family, documentId);
      const events = await this.store.readStream(streamId);
      if (events.length > 0) return { family, streamId, entries: foldHistory(events) };
    }
    return undefined;
  }
}
