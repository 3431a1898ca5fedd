import type { ReceivedDocument } from '../acceptance/get-received-document.ts';
import type { ReceivedDocumentRow } from '../acceptance/received-document-row.ts';
import { acceptanceStatusOf } from '../../domain/acceptance/acceptance-status.ts';
import { codesOf } from '../../domain/acceptance/acceptance-state.ts';
import { eventRecord } from './event-representation.ts';

export const RECEPTIONS_BASE = '/receptions/v1/received-documents';

const links = (id: string) => ({ self: `${RECEPTIONS_BASE}/${id}`, events: `${RECEPTIONS_BASE}/${id}/events` });

/** A document issued to the caller, as its issuer sent it, with where its acceptance stands and its events. */
export function receivedDocumentRecord({ invoice, trail }: ReceivedDocument): Record<string, unknown> {
  const { customer, items, payment_details, observation } = invoice.body;
  return {
    id: invoice.id,
    status: invoice.status,
    number: invoice.number,
    cufe: invoice.uniqueCode,
    environment: invoice.environment,
    issue_date: invoice.issueDate,
    issue_time: invoice.issueTime,
    validated_at: invoice.validatedAt,
    issuer: invoice.issuer,
    customer,
    items,
    payment_details,
    ...(observation !== undefined && { observation }),
    totals: invoice.totals,
    acceptance: { status: acceptanceStatusOf(codesOf(trail)), tacit_acceptance_due_at: trail.tacitDueAt },
    events: trail.records.map(eventRecord),
    links: links(invoice.id),
  };
}

export function receivedDocumentSummary(row: ReceivedDocumentRow): Record<string, unknown> {
  return {
    id: row.id,
    status: row.status,
    number: row.number,
    cufe: row.uniqueCode,
    issue_date: row.issueDate,
    validated_at: row.validatedAt,
    issuer: { nit: row.issuer.nit, dv: row.issuer.dv, legal_name: row.issuer.legal_name },
    payable_amount: row.payableAmount,
    payment_form: row.paymentForm,
    links: links(row.id),
  };
}
