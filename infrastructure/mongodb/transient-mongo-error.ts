import { MongoError, MongoNetworkError, MongoNotConnectedError, MongoServerError, MongoServerSelectionError } from 'mongodb';

const TRANSIENT_TYPES = [MongoNetworkError, MongoServerSelectionError, MongoNotConnectedError];

const TRANSIENT_LABELS = ['RetryableWriteError', 'TransientTransactionError', 'ResetPool'];

/**
 * Server codes that mean "not now, try again": HostUnreachable 6, HostNotFound 7, NetworkTimeout 89,
 * ShutdownInProgress 91, PrimarySteppedDown 189, ExceededTimeLimit 262, SocketException 9001, NotWritablePrimary
 * 10107, InterruptedAtShutdown 11600, InterruptedDueToReplStateChange 11602, NotPrimaryNoSecondaryOk 13435,
 * NotPrimaryOrSecondary 13436.
 */
const TRANSIENT_CODES = new Set([6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/** Whether a driver error says the server could not be reached or could not serve now (a retry may succeed). */
export function isTransientMongoError(error: unknown): boolean {
  if (TRANSIENT_TYPES.some((type) => error instanceof type)) return true;
  if (!(error instanceof MongoError)) return false;
  if (TRANSIENT_LABELS.some((label) => error.hasErrorLabel(label))) return true;
  return error instanceof MongoServerError && typeof error.code === 'number' && TRANSIENT_CODES.has(error.code);
}
