import type { Query, ReadModelCollection } from '../ports/read-model-store.ts';

/** One page of a list that also tells how many rows match in all (seed 000's `pagination.total`). */
export interface CountedPage<T> {
  items: T[];
  total: number;
}

export async function countedPage<T extends object>(rows: ReadModelCollection<T>, query: Query): Promise<CountedPage<T>> {
  const { tenantId, environment, where } = query;
  const [items, total] = await Promise.all([rows.find(query), rows.count({ tenantId, environment, where })]);
  return { items, total };
}
