import {
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';
import { StoreUnavailableError } from '../../application/ports/store-errors.ts';

/** Labels the server or driver puts on errors that are worth trying again. */
const TRANSIENT_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'ResetPool', 'RetryableError', 'SystemOverloadedError'];

/**
 * Server codes of a node that cannot answer right now (the driver's own retryable-read list): host unreachable or not
 * found, network timeout, shutdown in progress, primary stepped down, time limit exceeded, socket exception, not
 * writable primary (and its legacy code), interrupted at shutdown or by a replica-set state change, not primary,
 * read concern majority not available yet.
 */
const TRANSIENT_CODES = new Set([6, 7, 89, 91, 134, 189, 262, 9001, 10058, 10107, 11600, 11602, 13435, 13436]);

/**
 * Whether a driver error says the store could not answer now, so the same operation may succeed later. A closed
 * client or topology is transient only when something else closed it: after our own close() it is final.
 */
export function isTransientMongoError(error: unknown, closedByUs = false): boolean {
  if (!(error instanceof MongoError)) return false;
  if (error instanceof MongoTopologyClosedError || error instanceof MongoClientClosedError) return !closedByUs;
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoServerClosedError ||
    error instanceof MongoOperationTimeoutError
  ) {
    return true;
  }
  if (TRANSIENT_LABELS.some((label) => error.hasErrorLabel(label))) return true;
  return typeof error.code === 'number' && TRANSIENT_CODES.has(error.code);
}

/** Runs a store operation, translating a transient driver error to StoreUnavailableError (the original as cause). */
export async function guardMongo<T>(store: StoreUnavailableError['store'], operation: string, closedByUs: () => boolean, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isTransientMongoError(error, closedByUs())) throw error;
    throw new StoreUnavailableError(store, `MongoDB ${operation}: ${(error as Error).message}`, { cause: error });
  }
}
