import type { Query } from '../../../application/ports/read-model-store.ts';

/** A secondary index of a collection: its name and the definition's fields it holds (after tenant and environment). */
export interface SqliteIndex {
  name: string;
  fields: readonly string[];
}

/**
 * The index a find should walk: of those that give the query's order without a sort (their fields after the leading
 * equalities are the order's), the one whose leading fields take the most of the filter's equalities. SQLite's own
 * choice, without statistics, can take an index that serves the order but leaves an equality to be checked row by row
 * (a rare status over a month of documents then reads thousands of rows to find a page). Undefined when none gives
 * the order: SQLite chooses.
 */
export function chooseIndex(indexes: readonly SqliteIndex[], query: Pick<Query, 'where' | 'orderBy'>): SqliteIndex | undefined {
  const where = query.where ?? {};
  // One direction for every field (the id follows the last): an index walked forwards or backwards gives it.
  if (new Set(query.orderBy.map(([, direction]) => direction)).size > 1) return undefined;
  let best: { index: SqliteIndex; equalities: number } | undefined;
  for (const index of indexes) {
    let at = 0;
    while (at < index.fields.length && isEquality(where[index.fields[at]])) at += 1;
    const equalities = at;
    const ordered = query.orderBy.every(([field]) => {
      // An order field fixed by an equality is no order at all: the index may hold it before or among the others.
      if (isEquality(where[field]) && index.fields.indexOf(field) < equalities) return true;
      if (index.fields[at] !== field) return false;
      at += 1;
      return true;
    });
    const useful = query.orderBy.length > 0 || equalities > 0;
    if (ordered && useful && (!best || equalities > best.equalities)) best = { index, equalities };
  }
  return best?.index;
}

const isEquality = (condition: unknown) => condition !== undefined && (typeof condition !== 'object' || condition === null);
