import type { CollectionSpec } from '../ports/read-model-store.ts';

/** How many findings a verification keeps to show; `findingsCount` counts them all. */
export const KEPT_FINDINGS = 1_000;

/** A running verification whose heartbeat is older than this answers `interrupted`: its process died or hangs. */
export const HEARTBEAT_TIMEOUT_MS = 30_000;

export interface VerificationFindingRow {
  stream: string | null;
  revision: number | null;
  position: number | null;
  kind: string;
  detail: string;
}

/** A trail verification of one company and environment, as every instance reads it (tenant-scoped collection). */
export interface VerificationRow {
  id: string;
  status: 'running' | 'completed' | 'failed' | 'interrupted';
  startedAt: string;
  finishedAt: string | null;
  /** Written with every progress write, at least every few seconds while it runs. */
  heartbeatAt: string;
  /** The instance that runs it. */
  instance: string;
  /** Events of the log when it started: what it reads. */
  eventsTotal: number;
  /** Events of the log read so far. */
  eventsChecked: number;
  /** Events of the company and environment among them, and their streams. */
  tenantEvents: number;
  streamsChecked: number;
  intact: boolean | null;
  findings: VerificationFindingRow[];
  findingsCount: number;
  error: string | null;
}

/** Newest first, in keyset pages. */
export const VERIFICATIONS_COLLECTION: CollectionSpec<VerificationRow> = { name: 'audit_verifications', indexes: [['startedAt']] };

/** The row as a reader should take it: a running one whose heartbeat stopped is interrupted. */
export function asSeenAt(row: VerificationRow, now: Date): VerificationRow {
  const stale = row.status === 'running' && now.getTime() - Date.parse(row.heartbeatAt) > HEARTBEAT_TIMEOUT_MS;
  return stale ? { ...row, status: 'interrupted', error: row.error ?? `no heartbeat since ${row.heartbeatAt}: the instance that ran it stopped` } : row;
}
