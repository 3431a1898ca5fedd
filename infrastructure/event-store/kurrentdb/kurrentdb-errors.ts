import {
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  UnknownError,
} from '@kurrent/kurrentdb-client';
import { StoreUnavailableError } from '../../../application/ports/store-errors.ts';

/**
 * The client's errors that mean "the server could not be reached or did not answer": a restart, a leader change, a
 * lost connection, a deadline. UnknownError is gRPC's catch-all for a broken transport, so it counts too.
 */
const TRANSIENT = [UnavailableError, DeadlineExceededError, NotLeaderError, TimeoutError, CancelledError, UnknownError];

/** A transient client error as StoreUnavailableError (naming what was attempted); anything else unchanged. */
export function translateKurrentDbError(error: unknown, attempted: string): unknown {
  if (TRANSIENT.some((type) => error instanceof type)) {
    return new StoreUnavailableError('event store', `${attempted}: ${(error as Error).message}`, { cause: error });
  }
  return error;
}
