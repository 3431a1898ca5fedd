import { invoiceStatusOf } from '../invoice-management/invoice-status.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

export const INVOICES_BASE = '/v1/invoices';

/** What the authority said: the rejection on a rejected invoice, the notifications on a validated one. */
function authorityMessages(state: DocumentState) {
  if (state.status === 'rejected') return state.errors;
  if (state.status === 'validated' || state.status === 'voided') return state.warnings;
  return [];
}

/** An invoice as the invoice management face shows it (the same document the sales-invoice face shows). */
export function invoiceRepresentation(state: DocumentState): Record<string, unknown> {
  const self = `${INVOICES_BASE}/${state.id}`;
  const { customer, items, payment_details, observation } = state.body;
  return {
    id: state.id,
    status: invoiceStatusOf(state.status),
    number: state.number,
    cufe: state.uniqueCode,
    tax_authority_messages: authorityMessages(state),
    transaction_id: state.transactionId || null,
    environment: state.environment,
    issue_date: state.issueDate || null,
    issue_time: state.issueTime || null,
    created_at: state.draftedAt ?? state.createdAt,
    updated_at: state.updatedAt,
    transmitted_at: state.createdAt || null,
    validated_at: state.validatedAt,
    issuer: state.issuer,
    ...(customer !== undefined && { customer }),
    ...(items !== undefined && { items }),
    ...(payment_details !== undefined && { payment_details }),
    ...(observation !== undefined && { observation }),
    totals: Object.keys(state.totals).length > 0 ? state.totals : null,
    ...(state.failureReason && { error_reason: state.failureReason }),
    ...(state.voidedBy && { voided_by: { family: state.voidedBy.family, id: state.voidedBy.documentId, number: state.voidedBy.number } }),
    links: { self, ...(state.number !== null && { pdf: `${self}/pdf`, xml: `${self}/xml` }) },
  };
}

export function issueAnswer(state: DocumentState, correlationId: string): Record<string, unknown> {
  return {
    invoice_id: state.id,
    environment: state.environment,
    status: invoiceStatusOf(state.status),
    transaction_id: state.transactionId,
    deduplicated: false,
    correlation_id: correlationId,
  };
}
