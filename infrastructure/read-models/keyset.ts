import type { Query } from '../../application/ports/read-model-store.ts';

/** A query's `after`, checked against its order: the fields, their one direction, and the position's values. */
export interface Keyset {
  fields: string[];
  direction: 'asc' | 'desc';
  values: ReadonlyArray<string | number>;
  id: string;
}

/** Undefined without `after`; throws for a position that does not fit the order (a programming error, not input). */
export function keysetOf(query: Query): Keyset | undefined {
  const { after, orderBy } = query;
  if (!after) return undefined;
  const directions = new Set(orderBy.map(([, direction]) => direction));
  if (directions.size > 1) throw new Error(`keyset paging needs one direction for every field of the order; got ${JSON.stringify(orderBy)}`);
  if (after.values.length !== orderBy.length) throw new Error(`a keyset position needs one value per field of the order (${orderBy.length}); got ${after.values.length}`);
  if (after.values.some((value) => value === null || value === undefined)) throw new Error('a keyset position cannot hold null values');
  return { fields: orderBy.map(([field]) => field), direction: orderBy[0]?.[1] ?? 'asc', values: after.values, id: after.id };
}
