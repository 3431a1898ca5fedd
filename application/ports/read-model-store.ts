/** Every read-model row belongs to one tenant and one environment (its partition), and has an id within it. */
export interface RowKey {
  tenantId: string;
  environment: string;
  id: string;
}

export type FieldCondition =
  | string
  | number
  | boolean
  | { gte?: string | number; lte?: string | number; gt?: string | number; lt?: string | number };

/** The rows of one partition that match every condition. */
export interface Filter {
  tenantId: string;
  environment: string;
  /** Top-level field name → equality value or range. */
  where?: Record<string, FieldCondition>;
}

export interface Query extends Filter {
  /**
   * Rows come back in this order, then by the key's id in the direction of the last entry (ascending when empty),
   * so pages never overlap. The id is always the tie-breaker: do not list it here.
   */
  orderBy: ReadonlyArray<readonly [field: string, direction: 'asc' | 'desc']>;
  /**
   * Keyset paging: only the rows that come strictly after this one in the order asked (its values of the `orderBy`
   * fields, in that order, then its id), so a page deep in a list costs what the first one costs. Every `orderBy`
   * entry must have the same direction, and the row's values must not be null.
   */
  after?: RowPosition;
  skip?: number;
  limit?: number;
}

/** Where a row stands in an order: its values of the order's fields, then its id (see `Query.after`). */
export interface RowPosition {
  values: ReadonlyArray<string | number>;
  id: string;
}

/** How the store answers a query: which index it walks (null: none), and whether it sorts rows in memory. */
export interface QueryPlan {
  index: string | null;
  inMemorySort: boolean;
  /** The store's own description of the plan, for failure messages. */
  detail: string;
}

export interface CollectionDefinition {
  name: string;
  /**
   * Each index is a list of top-level fields. Adapters put tenant and environment before them and the key's id after
   * them, so an index on [a] serves `where a = x` ordered by a then id, and `where a > x orderBy a`.
   */
  indexes: ReadonlyArray<readonly string[]>;
  /** Counts a store may keep so that `count` need not visit every matching row (see TallyDefinition). */
  tallies?: ReadonlyArray<TallyDefinition>;
}

/**
 * How many rows of each partition match `where`, per combination of values of `fields`. A count whose conditions are
 * exactly `where` plus any conditions on `fields` is the sum of the matching tallies: a store that keeps them updates
 * them in the same write as the row, so that sum is as exact as counting the rows; a store that does not counts rows.
 * Keep the fields few-valued (a status, a date): the sum reads one entry per combination.
 */
export interface TallyDefinition {
  fields: readonly string[];
  where?: Record<string, FieldCondition>;
}

declare const ROW: unique symbol;

/** A collection definition that names the type of its rows, so `collection(spec)` is a collection of those rows. */
export interface CollectionSpec<Row extends object> extends CollectionDefinition {
  /** Never set: it only carries the row type. */
  readonly [ROW]?: Row;
}

export interface ReadModelCollection<T extends object> {
  get(key: RowKey): Promise<T | null>;
  /** Writes only when `revision` is newer than the stored one; answers whether it wrote. */
  upsert(key: RowKey, revision: bigint, row: T): Promise<boolean>;
  /**
   * Deletes the row when `revision` is newer than the stored one; answers whether it deleted one. For a row whose
   * owner has nothing left to keep (a timer once its work is done), so the collection stays the size of what is open.
   * Nothing of the row is kept: an upsert of any revision afterwards writes it again.
   */
  remove(key: RowKey, revision: bigint): Promise<boolean>;
  find(query: Query): Promise<T[]>;
  /** How many rows match; only lists that show a total need it. */
  count(filter: Filter): Promise<number>;
  /** The plan of `find(query)`, or of `count(filter)` when given a filter without `orderBy`. */
  explain(query: Query | Filter): Promise<QueryPlan>;
  /** Removes every row (used by rebuilds and tests). */
  clear(): Promise<void>;
}

export interface CheckpointStore {
  load(name: string): Promise<bigint | undefined>;
  store(name: string, position: bigint): Promise<void>;
}

/** Small named values the read side keeps about itself (which version of a projection is active, ...). */
export interface SettingsStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string | undefined): Promise<void>;
}

/** How a collection is opened. */
export interface CollectionOptions {
  /**
   * A rebuild writes the collection from scratch and nothing reads it yet: the store may leave its indexes and tallies
   * out while the rows are written (building them afterwards costs a fraction of keeping them row by row) and make
   * them at `finishBuilding`. Gets by id still answer; queries may walk every row until then.
   */
  building?: boolean;
}

export interface ReadModelStore {
  collection<T extends object>(definition: CollectionSpec<T>, options?: CollectionOptions): ReadModelCollection<T>;
  /** Makes the indexes and tallies of a collection opened `building`; writes from then on keep them. */
  finishBuilding(definition: CollectionDefinition): Promise<void>;
  /** Removes a collection and its rows (a replaced projection version). */
  dropCollection(name: string): Promise<void>;
  readonly checkpoints: CheckpointStore;
  readonly settings: SettingsStore;
  /** A cheap round trip proving the store answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
