import type { Filter as MongoFilter, Sort } from 'mongodb';
import type { FieldCondition, Filter, Query } from '../../../application/ports/read-model-store.ts';
import { keysetOf } from '../keyset.ts';
import { INTERNAL_FIELDS, storedId, type StoredRow } from './mongodb-stored-row.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A row field named in a query or an index: a plain top-level name, never one of the stored row's own. */
export function field(name: string): string {
  if (!IDENTIFIER.test(name) || INTERNAL_FIELDS.has(name)) throw new Error(`invalid read-model field name: ${name}`);
  return name;
}

export function toMongoFilter(filter: Filter): MongoFilter<StoredRow> {
  const translated: MongoFilter<StoredRow> = { _t: filter.tenantId, _e: filter.environment };
  for (const [name, condition] of Object.entries(filter.where ?? {})) translated[field(name)] = toMongoCondition(condition);
  return translated;
}

/**
 * A find's filter: the query's conditions and, for a keyset page, the rows after `after`. The first field's bound
 * (`<=` or `>=` its value) bounds the index scan; the `$or` then drops what ties with the position and comes before it.
 */
export function toMongoFindFilter(query: Query): MongoFilter<StoredRow> {
  const filter = toMongoFilter(query);
  const keyset = keysetOf(query);
  if (!keyset) return filter;
  const [strict, loose] = keyset.direction === 'desc' ? ['$lt', '$lte'] : ['$gt', '$gte'];
  const names = [...keyset.fields.map(field), '_id'];
  const values: unknown[] = [...keyset.values, storedId({ tenantId: query.tenantId, environment: query.environment, id: keyset.id })];
  const branches = names.map((name, index) => ({
    ...Object.fromEntries(names.slice(0, index).map((earlier, at) => [earlier, values[at]])),
    [name]: { [strict]: values[index] },
  }));
  return { $and: [filter, { [names[0]]: { [loose]: values[0] } }, { $or: branches }] } as MongoFilter<StoredRow>;
}

/** The port's order, then `_id` (which sorts like the key's id within a partition) in the direction of the last entry. */
export function toMongoSort(orderBy: Query['orderBy']): Sort {
  const sort: Record<string, 1 | -1> = {};
  for (const [name, direction] of orderBy) sort[field(name)] = direction === 'desc' ? -1 : 1;
  sort._id = orderBy.at(-1)?.[1] === 'desc' ? -1 : 1;
  return sort;
}

function toMongoCondition(condition: FieldCondition): unknown {
  if (typeof condition !== 'object') return condition;
  const range: Record<string, string | number> = {};
  if (condition.gte !== undefined) range.$gte = condition.gte;
  if (condition.lte !== undefined) range.$lte = condition.lte;
  if (condition.gt !== undefined) range.$gt = condition.gt;
  if (condition.lt !== undefined) range.$lt = condition.lt;
  return range;
}
