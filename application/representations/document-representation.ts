import type { DocumentRow } from '../documents/document-row.ts';
import type { DocumentEmail } from '../messages/document-emails.ts';
import type { DocumentFamily, DocumentFamilyName } from '../../domain/documents/document-family.ts';
import { DOCUMENT_BASES, FAMILY_PATH_NAMES } from './document-bases.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

/** `emails`: the document's e-mails with their current status (families that can be e-mailed). */
export function documentRecord(family: DocumentFamily, base: string, state: DocumentState, emails?: DocumentEmail[]): Record<string, unknown> {
  return {
    id: state.id,
    status: state.status,
    number: state.number,
    transaction_id: state.transactionId,
    [family.uniqueCodeName]: state.uniqueCode,
    environment: state.environment,
    issue_date: state.issueDate,
    issue_time: state.issueTime,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
    validated_at: state.validatedAt,
    issuer: state.issuer,
    ...(state.reference && {
      reference: {
        family: state.reference.family,
        id: state.reference.documentId,
        number: state.reference.number,
        unique_code: state.reference.uniqueCode,
        issue_date: state.reference.issueDate,
      },
    }),
    ...state.body,
    totals: state.totals,
    ...(state.status === 'validated' && { warnings: state.warnings }),
    ...(state.errors.length > 0 && { errors: state.errors }),
    ...(state.failureReason && { failure_reason: state.failureReason }),
    ...(state.voidedBy && { voided_by: { family: state.voidedBy.family, id: state.voidedBy.documentId, number: state.voidedBy.number } }),
    ...(emails && { emails }),
    links: { self: `${base}/${state.id}` },
  };
}

export function documentSummary(family: DocumentFamily, base: string, row: DocumentRow): Record<string, unknown> {
  return {
    id: row.id,
    status: row.status,
    number: row.number,
    transaction_id: row.transactionId,
    [family.uniqueCodeName]: row.uniqueCode,
    issue_date: row.issueDate,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    counterparty: { identification: row.counterpartyIdentification, name: row.counterpartyName },
    payable_amount: row.payableAmount,
    links: { self: `${base}/${row.id}` },
  };
}

export function acceptedBody(base: string, state: DocumentState): Record<string, unknown> {
  return { id: state.id, transaction_id: state.transactionId, status: 'pending', links: { self: `${base}/${state.id}` } };
}

/** A document in the list over every family (GET /v1/documents): `family` is its path name, as the filter takes it. */
export function documentListItem(row: DocumentRow): Record<string, unknown> {
  const family = row.family as DocumentFamilyName;
  return {
    id: row.id,
    family: FAMILY_PATH_NAMES[family],
    number: row.number,
    status: row.status,
    issue_date: row.issueDate,
    created_at: row.createdAt,
    unique_code: row.uniqueCode,
    counterparty: { identification: row.counterpartyIdentification, name: row.counterpartyName },
    payable_amount: row.payableAmount,
    links: { self: `${DOCUMENT_BASES[family]}/${row.id}` },
  };
}
