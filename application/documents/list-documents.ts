import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { DocumentStatus } from '../../domain/documents/document-status.ts';
import { countedPage, type CountedPage } from '../listing/counted-page.ts';
import type { FieldCondition, ReadModelCollection } from '../ports/read-model-store.ts';
import type { DocumentRow } from './document-row.ts';
import type { Scope } from './get-document.ts';

export interface DocumentFilters {
  status?: DocumentStatus;
  number?: string;
  /** Inclusive issue dates, YYYY-MM-DD (Colombian calendar). */
  issuedFrom?: string;
  issuedTo?: string;
  page: number;
  perPage: number;
}

/**
 * Lists come from the read model: most recent first, ties broken by id so pages never overlap. With an issue-date range
 * (and no number), most recent by issue date, then by creation: the range and the order are then one walk of an index,
 * whatever the number of documents (the two orders differ only for a draft transmitted days after it was finalized).
 */
export class ListDocuments {
  constructor(private readonly rows: ReadModelCollection<DocumentRow>) {}

  execute(family: DocumentFamily, filters: DocumentFilters, scope: Scope): Promise<CountedPage<DocumentRow>> {
    // Drafts of the invoice management face have no createdAt until they are transmitted: this face does not list them.
    const where: Record<string, FieldCondition> = { family: family.name, createdAt: { gt: '' } };
    if (filters.status) where.status = filters.status;
    if (filters.number) where.number = filters.number;
    const byIssueDate = Boolean((filters.issuedFrom || filters.issuedTo) && !filters.number);
    if (filters.issuedFrom || filters.issuedTo) {
      where.issueDate = { ...(filters.issuedFrom && { gte: filters.issuedFrom }), ...(filters.issuedTo && { lte: filters.issuedTo }) };
    }
    return countedPage(this.rows, {
      tenantId: scope.tenantId,
      environment: scope.environment,
      where,
      orderBy: byIssueDate ? [['issueDate', 'desc'], ['createdAt', 'desc']] : [['createdAt', 'desc']],
      skip: (filters.page - 1) * filters.perPage,
      limit: filters.perPage,
    });
  }
}

