export const TRAIL_FINDING_KINDS = ['altered', 'reordered', 'missing', 'broken', 'unchained', 'duplicate'] as const;
type TrailFindingKind = (typeof TRAIL_FINDING_KINDS)[number];

/** One thing wrong with the trail. */
export interface TrailFinding {
  kind: TrailFindingKind;
  /** Null for a hole in the log whose stream cannot be known (the row is gone). */
  streamId: string | null;
  /** Null for a missing event of a known stream: its position is gone with it. */
  position: bigint | null;
  revision: bigint | null;
  detail: string;
  /** Where in the log the problem shows (for a missing revision: the position of the event after it); orders the report. */
  at: bigint;
}

/** `stream salesInvoice-… position 12 revision 3: altered (hash mismatch)` */
export function formatFinding(finding: TrailFinding): string {
  const where = [
    finding.streamId === null ? 'log' : `stream ${finding.streamId}`,
    finding.position === null ? null : `position ${finding.position}`,
    finding.revision === null ? null : `revision ${finding.revision}`,
  ];
  return `${where.filter((part) => part !== null).join(' ')}: ${finding.kind} (${finding.detail})`;
}

export function findingJson(finding: TrailFinding): Record<string, unknown> {
  return {
    kind: finding.kind,
    stream: finding.streamId,
    position: finding.position === null ? null : Number(finding.position),
    revision: finding.revision === null ? null : Number(finding.revision),
    detail: finding.detail,
  };
}
