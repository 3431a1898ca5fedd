import type { AcceptanceRecord } from '../../domain/acceptance/acceptance-record.ts';
import type { DianEventStatus } from '../../domain/acceptance/dian-transmission.ts';

/** Where the event's sending to DIAN stands (only in deployments that send events to DIAN themselves). */
function dianStatus(dian: DianEventStatus): Record<string, unknown> {
  return {
    status: dian.status,
    ...(dian.statusCode !== undefined && { status_code: dian.statusCode }),
    ...(dian.messages && { messages: dian.messages.map((line) => ({ rule: line.code, kind: line.kind, text: line.text })) }),
    ...(dian.reason && { reason: dian.reason }),
  };
}

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
    ...(record.dian && { dian: dianStatus(record.dian) }),
  };
}

export const eventList = (records: readonly AcceptanceRecord[]) => ({ data: records.map(eventRecord) });
