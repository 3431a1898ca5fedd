import { createHash } from 'node:crypto';
import type { CollectionDefinition } from '../../../application/ports/read-model-store.ts';
import type { SqliteDatabase } from '../../sqlite/open-database.ts';
import type { SqliteIndex } from './sqlite-index-choice.ts';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function assertIdentifier(name: string): void {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid read-model field name: ${name}`);
}

/** Every field a tally groups by or filters on: each gets a column of its own, like an indexed field. */
function tallyFields(definition: CollectionDefinition): string[] {
  return (definition.tallies ?? []).flatMap((tally) => [...tally.fields, ...Object.keys(tally.where ?? {})]);
}

/** The column that holds a copy of an indexed field. */
export const columnOf = (field: string) => `f_${field}`;

/**
 * Creates the collection's table, one column per indexed or tallied field and the definition's indexes, each as
 * (tenant_id, environment, fields..., id). An index is named after its columns, so a changed definition makes a new
 * index instead of keeping an old one of the same name; indexes of the table that the definition no longer has are
 * dropped. Without `indexes` (a collection being built), every index of the table is dropped and none made; the
 * columns are still there, filled by each write, for the indexes made later. Answers the indexed fields.
 */
export function ensureSchema(db: SqliteDatabase, table: string, definition: CollectionDefinition, { indexes = true } = {}): string[] {
  const indexed = [...new Set([...definition.indexes.flat(), ...tallyFields(definition)])];
  indexed.forEach(assertIdentifier);
  const wanted = new Map<string, string[]>();
  for (const { name, fields } of indexes ? indexesOf(table, definition) : []) wanted.set(name, indexColumns(fields));
  changeSchema(db, () => schemaChanges(db, table, indexed, wanted));
  return indexed;
}

/**
 * Runs the statements `changes` answers, if any, under the write lock taken before the schema is read again: two
 * processes making the same table on a new file would otherwise both add the same column, or one be refused its
 * upgrade from reader to writer. A schema that needs nothing takes no lock (another connection may be writing).
 */
export function changeSchema(db: SqliteDatabase, changes: () => readonly string[]): void {
  if (changes().length === 0) return;
  db.transaction(() => {
    for (const sql of changes()) db.exec(sql);
  }).immediate();
}

/** What the table lacks, as statements: itself, columns (each filled from the rows' JSON), and indexes; and what to drop. */
function schemaChanges(db: SqliteDatabase, table: string, indexed: readonly string[], wanted: ReadonlyMap<string, string[]>): string[] {
  const changes: string[] = [];
  const existing = new Set(db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all().map((c) => c.name));
  if (existing.size === 0) {
    changes.push(`CREATE TABLE IF NOT EXISTS ${table} (
      tenant_id TEXT NOT NULL, environment TEXT NOT NULL, id TEXT NOT NULL,
      revision INTEGER NOT NULL, doc TEXT NOT NULL,
      PRIMARY KEY (tenant_id, environment, id))`);
  }
  for (const field of indexed) {
    if (existing.has(columnOf(field))) continue;
    // Rows written before the column existed get their copy now, or filters on it would miss them.
    changes.push(`ALTER TABLE ${table} ADD COLUMN ${columnOf(field)}`, `UPDATE ${table} SET ${columnOf(field)} = json_extract(doc, '$.${field}')`);
  }
  const present = db
    .prepare<[string], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`)
    .all(table)
    .map((index) => index.name);
  for (const name of present) if (!wanted.has(name)) changes.push(`DROP INDEX IF EXISTS ${name}`);
  for (const [name, columns] of wanted) if (!present.includes(name)) changes.push(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns.join(', ')})`);
  return changes;
}

const indexColumns = (fields: readonly string[]) => ['tenant_id', 'environment', ...fields.map(columnOf), 'id'];

/** The definition's secondary indexes with their names on `table` (the primary key already is tenant, environment, id). */
export function indexesOf(table: string, definition: CollectionDefinition): SqliteIndex[] {
  return definition.indexes
    .filter((fields) => fields.length > 0)
    .map((fields) => {
      const hash = createHash('sha256').update(indexColumns(fields).join(',')).digest('hex').slice(0, 8);
      return { name: `${table}_by_${fields.join('_')}_${hash}`, fields };
    });
}
