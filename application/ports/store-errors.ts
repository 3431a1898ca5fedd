type StoreName = 'event store' | 'read models' | 'coordination';

/** A store's failure as the ports name it: which store, and what happened to it. */
abstract class StoreFault extends Error {
  constructor(
    readonly store: StoreName,
    what: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${store} ${what}: ${message}`, options);
  }
}

/**
 * A store could not be reached or did not answer in time (connection lost, server restarting, leader change, timeout,
 * lock held too long). The operation may be retried as it was; adapters translate their client's errors to this one.
 */
export class StoreUnavailableError extends StoreFault {
  constructor(store: StoreName, message: string, options?: { cause?: unknown }) {
    super(store, 'unavailable', message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** Whether `error`, or an error it was caused by (up to eight deep), is a `type`. */
function causedBy(error: unknown, type: abstract new (...args: never[]) => Error): boolean {
  for (let current = error, depth = 0; current && depth < 8; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (current instanceof type) return true;
  }
  return false;
}

/** Whether `error`, or an error it was caused by, says a store was unavailable. */
export function isStoreUnavailable(error: unknown): boolean {
  return causedBy(error, StoreUnavailableError);
}

/**
 * A store refused a write for lack of space (its disk full, a quota reached). Nothing of the write was kept; the same
 * write succeeds once an operator frees space. Adapters translate their client's errors to this one.
 */
export class StoreFullError extends StoreFault {
  constructor(store: StoreName, message: string, options?: { cause?: unknown }) {
    super(store, 'full', message, options);
    this.name = 'StoreFullError';
  }
}

/** Whether `error`, or an error it was caused by, says a store was full. */
export function isStoreFull(error: unknown): boolean {
  return causedBy(error, StoreFullError);
}

/** An event whose bytes cannot be read back as one of ours (not JSON, not an object): retrying will not help. */
export class UnreadableEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableEventError';
  }
}

/** An append larger than the event store accepts in one write; refused before anything is sent. */
export class EventTooLargeError extends Error {
  constructor(
    readonly streamId: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`the events for ${streamId} take ${bytes} bytes; the event store accepts at most ${limit} in one append`);
    this.name = 'EventTooLargeError';
  }
}
