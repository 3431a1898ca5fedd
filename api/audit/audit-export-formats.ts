import type { ExportedDocument } from '../../application/audit/audit-export.ts';
import { storedHash, storedPreviousHash } from '../../application/audit/event-hash.ts';
import { eventProvenance } from '../../application/audit/event-provenance.ts';
import { FAMILY_PATH_NAMES } from '../../application/representations/document-bases.ts';

/** The CSV's columns, in order: one row per event, the document's fields repeated on each. */
export const CSV_COLUMNS = [
  'document_id',
  'family',
  'number',
  'unique_code',
  'issue_date',
  'document_status',
  'counterparty_identification',
  'counterparty_name',
  'payable_amount',
  'event_revision',
  'event_type',
  'recorded_at',
  'actor',
  'correlation_id',
  'status_after',
  'hash',
  'previous_hash',
] as const;

/** What both formats say about the document itself. */
function documentFields({ family, document }: ExportedDocument) {
  return {
    id: document.id,
    family: FAMILY_PATH_NAMES[family.name],
    number: document.number,
    unique_code: document.uniqueCode,
    issue_date: document.issueDate,
    status: document.status,
    counterparty: family.counterparty(document.body),
    payable_amount: String(document.totals.payable_amount ?? ''),
  };
}

/** The CSV records of a document: one per event, in revision order; absent values are empty cells. */
export function csvRecords(exported: ExportedDocument): string[][] {
  const doc = documentFields(exported);
  return exported.entries.map(({ event, state }) =>
    [
      doc.id, doc.family, doc.number, doc.unique_code, doc.issue_date, doc.status, doc.counterparty.identification, doc.counterparty.name, doc.payable_amount,
      String(event.revision), event.type, event.createdAt.toISOString(), event.metadata.actor, event.metadata.$correlationId, state.status,
      storedHash(event.metadata), storedPreviousHash(event.metadata),
    ].map((cell) => cell ?? ''),
  );
}

/** The JSON line of a document: the document, then its events oldest first with their data. */
export function jsonLine(exported: ExportedDocument): string {
  const events = exported.entries.map(({ event, state }) => ({
    ...eventProvenance(event),
    status_after: state.status,
    hash: storedHash(event.metadata) ?? null,
    previous_hash: storedPreviousHash(event.metadata) ?? null,
    data: event.data,
  }));
  return `${JSON.stringify({ document: documentFields(exported), events })}\n`;
}
