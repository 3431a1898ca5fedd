import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { DocumentStatus } from '../../domain/documents/document-status.ts';
import type { FieldCondition, ReadModelCollection, RowPosition } from '../ports/read-model-store.ts';
import type { DocumentRow } from './document-row.ts';
import type { Scope } from './get-document.ts';

/** Inclusive issue dates, YYYY-MM-DD. */
export interface IssuePeriod {
  from: string;
  to: string;
}

/** The condition of rowsIssuedIn, for a count of the same rows (of one status, when given). */
export function whereIssuedIn(family: DocumentFamily, period: IssuePeriod, status?: DocumentStatus): Record<string, FieldCondition> {
  return { family: family.name, ...(status && { status }), createdAt: { gt: '' }, issueDate: { gte: period.from, lte: period.to } };
}

/**
 * The rows of one family issued in a period, oldest first, read in keyset pages along an index (family, issue date,
 * creation): memory holds one page whatever the period holds, and a consumer that stops pulling stops the reads.
 * Drafts that never entered issuance have no createdAt and are left out, as in the lists. `onPage` counts the pages read.
 */
export async function* rowsIssuedIn(
  rows: ReadModelCollection<DocumentRow>,
  family: DocumentFamily,
  period: IssuePeriod,
  scope: Scope,
  options: { pageSize: number; onPage?: () => void },
): AsyncGenerator<DocumentRow> {
  const where = whereIssuedIn(family, period);
  let after: RowPosition | undefined;
  for (;;) {
    const page = await rows.find({ ...scope, where, orderBy: [['issueDate', 'asc'], ['createdAt', 'asc']], after, limit: options.pageSize });
    options.onPage?.();
    yield* page;
    if (page.length < options.pageSize) return;
    const last = page[page.length - 1];
    after = { values: [last.issueDate, last.createdAt], id: last.id };
  }
}
