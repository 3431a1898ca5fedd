import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';

/** One acceptance event as DESIGN.md shapes it: `{ code, name, number, unique_code, effective_at, actor }`. */
export function eventRecord(record: AcceptanceRecord): Record<string, unknown> {
  return {
    code: record.code,
    name: record.name,
    number: record.number,
    unique_code: record.uniqueCode,
    effective_at: record.effectiveAt,
    actor: record.actor,
    ...(record.claimConcept && { claim_concept: record.claimConcept }),
  };
}

export const eventList = (records: readonly AcceptanceRecord[]) => ({ data: records.map(eventRecord) });
