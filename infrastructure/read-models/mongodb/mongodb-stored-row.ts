import { Long, type Document } from 'mongodb';
import type { RowKey } from '../../../application/ports/read-model-store.ts';

/**
 * The stored `_id`: the whole key, so ids never collide across partitions whatever characters they hold. Embedded
 * documents compare field by field, so within one partition `_id` sorts exactly like the key's id.
 */
interface StoredId {
  t: string;
  e: string;
  i: string;
}

/** A row as MongoDB keeps it: the row's own fields untouched, plus the key and revision in fields of their own. */
export interface StoredRow extends Document {
  _id: StoredId;
  /** Partition: tenant and environment of the key (not the row's own `tenantId`/`environment`, if it has any). */
  _t: string;
  _e: string;
  _revision: Long;
}

export const PARTITION_FIELDS = ['_t', '_e'] as const;
export const INTERNAL_FIELDS: ReadonlySet<string> = new Set(['_id', '_t', '_e', '_revision']);

export function storedId(key: RowKey): StoredId {
  return { t: key.tenantId, e: key.environment, i: key.id };
}

export function toStored(key: RowKey, revision: bigint, row: object): StoredRow {
  for (const name of Object.keys(row)) {
    if (INTERNAL_FIELDS.has(name)) throw new Error(`a read-model row cannot have a field named ${name}`);
  }
  return { ...row, _id: storedId(key), _t: key.tenantId, _e: key.environment, _revision: Long.fromBigInt(revision) };
}

export function toRow<T>(stored: Document): T {
  const { _id, _t, _e, _revision, ...row } = stored;
  return row as T;
}
