import type { VerificationRow } from '../../application/audit/verification-row.ts';

export const VERIFICATIONS = '/v1/audit/verifications';

/** A trail verification as GET /v1/audit/verifications/{id} shows it. */
export function verificationRepresentation(row: VerificationRow): Record<string, unknown> {
  return {
    id: row.id,
    status: row.status,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
    events_total: row.eventsTotal,
    events_checked: row.eventsChecked,
    tenant_events_checked: row.tenantEvents,
    streams_checked: row.streamsChecked,
    intact: row.status === 'completed' ? row.intact : null,
    findings: row.findings,
    findings_count: row.findingsCount,
    error: row.error,
    links: { self: `${VERIFICATIONS}/${row.id}` },
  };
}
