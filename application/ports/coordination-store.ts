/** A small record every instance shares, changed only by compare-and-set on its version. */
export interface SharedRecord<T> {
  value: T;
  /** 1 when created; each write adds one. */
  version: number;
}

/**
 * Where instances of the service coordinate: leases, shared limits, a shared token, a shared circuit breaker. Values
 * are JSON. Every write names the version it read, so two instances never both win the same change.
 */
export interface CoordinationStore {
  read<T>(key: string): Promise<SharedRecord<T> | undefined>;
  /** Writes when the record is at `expected` (undefined: only when there is none yet); answers whether it wrote. */
  write<T>(key: string, value: T, expected: number | undefined): Promise<boolean>;
  /** Removes the record when it is at `expected`; answers whether it did. */
  remove(key: string, expected: number): Promise<boolean>;
  /** Every record whose key starts with `prefix`, in key order. */
  list<T>(prefix: string): Promise<Array<{ key: string } & SharedRecord<T>>>;
  close(): Promise<void>;
}
