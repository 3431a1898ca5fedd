import { MongoServerError, type Collection } from 'mongodb';
import type { CollectionDefinition } from '../../../application/ports/read-model-store.ts';
import { field } from './mongodb-query.ts';
import { PARTITION_FIELDS, type StoredRow } from './mongodb-stored-row.ts';

/**
 * The definition's indexes as (_t, _e, fields..., _id), plus (_t, _e, _id) for queries on the partition alone: the
 * key's id closes every index, so each one serves its fields' order and the tie-breaker with no sort in memory.
 */
function indexKeys(definition: CollectionDefinition): Array<Record<string, 1>> {
  const lists = [[], ...definition.indexes.filter((fields) => fields.length > 0)];
  return lists.map((fields) => Object.fromEntries([...PARTITION_FIELDS, ...fields.map(field), '_id'].map((name) => [name, 1 as const])));
}

const INDEX_NOT_FOUND = 27;

/** The names MongoDB would derive from the keys, given explicitly so that the ones to keep are known. */
const nameOf = (keys: Record<string, 1>) => Object.keys(keys).map((name) => `${name}_1`).join('_');

/**
 * Creates the collection's indexes and drops the ones it made for an earlier definition (any index that starts with
 * the partition, ours or from before `_t`/`_e`), so a stale index cannot lead the planner to a sort in memory.
 */
export async function ensureIndexes(collection: Collection<StoredRow>, definition: CollectionDefinition): Promise<void> {
  const wanted = indexKeys(definition);
  await collection.createIndexes(wanted.map((key) => ({ key, name: nameOf(key) })));
  const names = new Set(wanted.map(nameOf));
  for (const index of await collection.listIndexes().toArray()) {
    const first = Object.keys(index.key ?? {})[0];
    if ((first !== '_t' && first !== 'tenantId') || names.has(index.name)) continue;
    // Another instance starting at the same time may have dropped it first.
    await collection.dropIndex(index.name).catch((error: unknown) => {
      if (!(error instanceof MongoServerError && error.code === INDEX_NOT_FOUND)) throw error;
    });
  }
}
