import type { DocumentStatus } from '../../domain/documents/document-status.ts';
import type { FieldCondition, Query } from '../ports/read-model-store.ts';

/** What every documents list filters on. */
export interface DocumentListFilters {
  status?: DocumentStatus;
  number?: string;
  /** Inclusive issue dates, YYYY-MM-DD (Colombian calendar). */
  issuedFrom?: string;
  issuedTo?: string;
}

/** With an issue-date range (and no number), the lists run by issue date then creation: one walk of an index. */
export function byIssueDate(filters: DocumentListFilters): boolean {
  return Boolean((filters.issuedFrom || filters.issuedTo) && !filters.number);
}

/**
 * The rows of one family a list shows, and their order: most recent first, ties broken by id so pages never overlap.
 * Drafts of the invoice management face have no createdAt until they are transmitted: no documents list shows them.
 */
export function documentListQuery(familyName: string, filters: DocumentListFilters): Pick<Query, 'where' | 'orderBy'> {
  const where: Record<string, FieldCondition> = { family: familyName, createdAt: { gt: '' } };
  if (filters.status) where.status = filters.status;
  if (filters.number) where.number = filters.number;
  if (filters.issuedFrom || filters.issuedTo) {
    where.issueDate = { ...(filters.issuedFrom && { gte: filters.issuedFrom }), ...(filters.issuedTo && { lte: filters.issuedTo }) };
  }
  return { where, orderBy: byIssueDate(filters) ? [['issueDate', 'desc'], ['createdAt', 'desc']] : [['createdAt', 'desc']] };
}
