import { ACCEPTANCE_EVENT_CODES, EVENT_NAMES, type AcceptanceEventCode } from '../../../domain/acceptance/acceptance-codes.ts';
import type { AcceptanceActor, AcceptanceRecord } from '../../../domain/acceptance/acceptance-record.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { familyNamed } from '../../../domain/documents/families/index.ts';
import { factusInstant } from './answers/factus-date.ts';
import { expectSuccess } from './factus-lookup.ts';
import type { FactusClient } from './http/factus-client.ts';

const isAcceptanceCode = (code: string): code is AcceptanceEventCode => (ACCEPTANCE_EVENT_CODES as readonly string[]).includes(code);

/**
 * The RADIAN events Factus holds for a numbered invoice (§1.8, `GET /v2/bills/:number/radian/events`), oldest
 * first. Factus names no actor: 034 is the issuer's (tacit acceptance), 030–033 the receiver's. Codes outside the
 * acceptance registry (título-valor circulation, 035+) are left out.
 */
export async function readAcceptanceEvents(client: FactusClient, invoice: DocumentState): Promise<AcceptanceRecord[]> {
  if (!invoice.number) return [];
  const path = `/v2/bills/${encodeURIComponent(invoice.number)}/radian/events`;
  const answer = await client.get(path);
  if (answer.status === 404) return [];
  expectSuccess(answer, `GET ${path}`);
  const rows: Array<Record<string, unknown>> = Array.isArray(answer.body.data) ? answer.body.data : [];
  return rows
    .map((row, index) => ({ row, index, code: String(row.event_code ?? '') }))
    .filter((entry): entry is { row: Record<string, unknown>; index: number; code: AcceptanceEventCode } => isAcceptanceCode(entry.code))
    .map(({ row, index, code }) => ({
      code,
      name: String(row.event_name ?? EVENT_NAMES[code]),
      number: String(row.number ?? index + 1),
      uniqueCode: String(row.cude ?? ''),
      effectiveAt: effectiveAt(row.effective_date, row.effective_time),
      actor: actorOf(code, invoice),
    }));
}

function actorOf(code: AcceptanceEventCode, invoice: DocumentState): AcceptanceActor {
  if (code === '034') return { role: 'issuer', nit: invoice.issuer?.nit ?? '', name: invoice.issuer?.legal_name ?? '' };
  const customer = familyNamed('sales-invoice').counterparty(invoice.body);
  return { role: 'receiver', nit: customer.identification, name: customer.name };
}

/** The docs name the fields but show no value: `YYYY-MM-DD` or Factus's `DD-MM-YYYY`, Colombian time. */
function effectiveAt(date: unknown, time: unknown): string {
  const day = String(date ?? '').trim();
  const clock = typeof time === 'string' && time.trim() ? time.trim() : '00:00:00';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return factusInstant(`${day} ${clock}`) ?? `${day} ${clock}`.trim();
  const instant = new Date(`${day}T${clock}-05:00`);
  return Number.isNaN(instant.getTime()) ? `${day} ${clock}` : instant.toISOString();
}
