import type { HistoryEntry } from '../../application/documents/document-history.ts';
import type { StreamTrailReport } from '../../application/audit/verify-stream.ts';
import { storedHash } from '../../application/audit/event-hash.ts';
import { eventProvenance } from '../../application/audit/event-provenance.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { documentRecord } from '../../application/representations/document-representation.ts';

/** GET {base}/{id}/history: every event, oldest first, with who caused it and the record as GET showed it then. */
export function historyRecord(family: DocumentFamily, base: string, id: string, entries: readonly HistoryEntry[]): Record<string, unknown> {
  return {
    id,
    events: entries.map(({ event, state }) => ({
      ...eventProvenance(event),
      hash: storedHash(event.metadata) ?? null,
      status: state.status,
      state: documentRecord(family, base, state),
    })),
    links: { self: `${base}/${id}/history`, document: `${base}/${id}` },
  };
}

/** GET {base}/{id}/trail: the stream's chain recomputed; each finding names the revision where it breaks. */
export function trailRecord(id: string, streamId: string, { events, findings }: StreamTrailReport): Record<string, unknown> {
  return {
    id,
    stream: streamId,
    intact: findings.length === 0,
    events_checked: events,
    findings: findings.map(({ revision, position, kind, detail }) => ({
      revision: revision === null ? null : Number(revision),
      position: position === null ? null : Number(position),
      kind,
      detail,
    })),
  };
}
