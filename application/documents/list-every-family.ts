import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { ReadModelCollection, RowPosition } from '../ports/read-model-store.ts';
import { byIssueDate, documentListQuery, type DocumentListFilters } from './document-list-query.ts';
import type { DocumentRow } from './document-row.ts';
import type { Scope } from './get-document.ts';

export interface EveryFamilyQuery extends DocumentListFilters {
  /** The families to list: one, or all of them. */
  families: readonly DocumentFamily[];
  limit: number;
  /** Where the previous page ended (keyset). */
  after?: RowPosition;
}

export interface EveryFamilyPage {
  items: DocumentRow[];
  /** The position of the page's last row when more follow, else null. */
  next: RowPosition | null;
  /** How many documents match the filters in all. */
  total: number;
}

/** A row's place in the list's order: its values of the order's fields, then its id. */
export function positionOf(row: DocumentRow, filters: DocumentListFilters): RowPosition {
  return { values: byIssueDate(filters) ? [row.issueDate, row.createdAt] : [row.createdAt], id: row.id };
}

/** Descending by the position's values, then by id, as the stores order each family's rows. */
function newestFirst(filters: DocumentListFilters) {
  const key = (row: DocumentRow) => [...positionOf(row, filters).values, row.id];
  return (a: DocumentRow, b: DocumentRow) => {
    const [left, right] = [key(a), key(b)];
    for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return left[index] < right[index] ? 1 : -1;
    return 0;
  };
}

/**
 * One list over the families, in keyset pages: each family's index is walked from the cursor for at most limit + 1
 * rows (the one more tells whether a page follows), and the walks are merged. A page costs the same at any depth,
 * and no index beyond the families' own is needed. The total is the sum of each family's count (tallies, when the
 * filters fit them).
 */
export class ListEveryFamily {
  constructor(private readonly rows: ReadModelCollection<DocumentRow>) {}

  async execute(query: EveryFamilyQuery, scope: Scope): Promise<EveryFamilyPage> {
    const partition = { tenantId: scope.tenantId, environment: scope.environment };
    const walks = query.families.map(async (family) => {
      const { where, orderBy } = documentListQuery(family.name, query);
      const [rows, count] = await Promise.all([
        this.rows.find({ ...partition, where, orderBy, after: query.after, limit: query.limit + 1 }),
        this.rows.count({ ...partition, where }),
      ]);
      return { rows, count };
    });
    const answered = await Promise.all(walks);
    const merged = answered.flatMap(({ rows }) => rows).sort(newestFirst(query));
    const items = merged.slice(0, query.limit);
    const more = merged.length > query.limit;
    return { items, next: more ? positionOf(items[items.length - 1], query) : null, total: answered.reduce((sum, { count }) => sum + count, 0) };
  }
}
