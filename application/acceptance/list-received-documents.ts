import { countedPage, type CountedPage } from '../listing/counted-page.ts';
import type { FieldCondition, ReadModelCollection } from '../ports/read-model-store.ts';
import { receptionPartition, type ReceivedDocumentRow } from './received-document-row.ts';
import type { Receiver } from './receiver.ts';

export interface ReceptionFilters {
  number?: string;
  issuerNit?: string;
  /** Inclusive issue dates, YYYY-MM-DD. */
  issuedFrom?: string;
  issuedTo?: string;
  page: number;
  perPage: number;
}

/** The documents issued to the receiver, from the read model: most recently validated first, ties by id. */
export class ListReceivedDocuments {
  constructor(private readonly rows: ReadModelCollection<ReceivedDocumentRow>) {}

  execute(filters: ReceptionFilters, receiver: Receiver): Promise<CountedPage<ReceivedDocumentRow>> {
    const where: Record<string, FieldCondition> = {};
    if (filters.number) where.number = filters.number;
    if (filters.issuerNit) where.issuerNit = filters.issuerNit;
    if (filters.issuedFrom || filters.issuedTo) {
      where.issueDate = { ...(filters.issuedFrom && { gte: filters.issuedFrom }), ...(filters.issuedTo && { lte: filters.issuedTo }) };
    }
    return countedPage(this.rows, {
      ...receptionPartition(receiver.nit, receiver.environment),
      where,
      orderBy: [['validatedAt', 'desc']],
      skip: (filters.page - 1) * filters.perPage,
      limit: filters.perPage,
    });
  }
}
