import type { HistoryEntry } from '../../application/documents/document-history.ts';
import { storedHash } from '../../application/audit/event-hash.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { documentRecord } from '../../application/representations/document-representation.ts';

/** GET {base}/{id}/history: every event, oldest first, with who caused it and the record as GET showed it then. */
export function historyRecord(family: DocumentFamily, base: string, id: string, entries: readonly HistoryEntry[]): Record<string, unknown> {
  return {
    id,
    events: entries.map(({ event, state }) => ({
      revision: Number(event.revision),
      event_id: event.id,
      type: event.type,
      recorded_at: event.createdAt.toISOString(),
      actor: event.metadata.actor ?? null,
      correlation_id: event.metadata.$correlationId ?? null,
      causation_id: event.metadata.$causationId ?? null,
      hash: storedHash(event.metadata) ?? null,
      status: state.status,
      state: documentRecord(family, base, state),
    })),
    links: { self: `${base}/${id}/history`, document: `${base}/${id}` },
  };
}
