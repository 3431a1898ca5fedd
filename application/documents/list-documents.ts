import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import { countedPage, type CountedPage } from '../listing/counted-page.ts';
import type { ReadModelCollection } from '../ports/read-model-store.ts';
import { documentListQuery, type DocumentListFilters } from './document-list-query.ts';
import type { DocumentRow } from './document-row.ts';
import type { Scope } from './get-document.ts';

export interface DocumentFilters extends DocumentListFilters {
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
    return countedPage(this.rows, {
      tenantId: scope.tenantId,
      environment: scope.environment,
      ...documentListQuery(family.name, filters),
      skip: (filters.page - 1) * filters.perPage,
      limit: filters.perPage,
    });
  }
}
