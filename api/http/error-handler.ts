import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { DocumentNotFoundError } from '../../application/documents/document-errors.ts';
import { ProviderUnavailableError } from '../../application/ports/document-provider.ts';
import { ConcurrencyError } from '../../application/ports/event-store.ts';
import { RebuildRunningError } from '../../application/rebuilds/rebuild-guard.ts';
import { EventTooLargeError, isStoreUnavailable } from '../../application/ports/store-errors.ts';
import { DomainError } from '../../domain/shared/decider.ts';
import { Problem, sendProblem } from './problem.ts';

interface HttpError {
  type?: string;
  status?: number;
  limit?: number;
  message?: string;
}

/** Maps every failure to a problem document; unexpected ones are logged with the request id, never echoed. */
export function errorHandler(logger: Logger, errorsUrl: string) {
  // Express recognises error handlers by their four parameters.
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const problem = toProblem(error);
    if (problem.status >= 500) {
      logger.error({ err: error, requestId: res.locals.requestId, correlationId: res.locals.correlationId, path: req.path }, 'request failed');
    }
    if (res.headersSent) return void res.end();
    sendProblem(req, res, problem, errorsUrl);
  };
}

function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof DocumentNotFoundError) return new Problem(404, 'not_found', 'Not found', error.message);
  if (error instanceof ProviderUnavailableError) return providerUnavailable(error);
  if (error instanceof RebuildRunningError) return new Problem(409, 'rebuild_running', 'Conflict', error.message);
  if (error instanceof EventTooLargeError) {
    const detail = `the document would take ${error.bytes} bytes in the event store, which accepts at most ${error.limit}`;
    return new Problem(413, 'payload_too_large', 'Payload too large', detail, [{ field: '(body)', message: `must make an event of at most ${error.limit} bytes` }]);
  }
  if (error instanceof ConcurrencyError) {
    const detail = 'the resource was changed by another request at the same moment; send the request again';
    return new Problem(409, 'concurrent_update', 'Conflict', detail, undefined, { 'Retry-After': '1' });
  }
  if (isStoreUnavailable(error)) {
    return new Problem(503, 'store_unavailable', 'Service unavailable', 'a data store of the service cannot be reached now; try again later', undefined, { 'Retry-After': '5' });
  }
  if (error instanceof DomainError) {
    if (error.code === 'document_validated') return new Problem(409, 'document_validated', 'Conflict', error.message, undefined, {}, { document_status: error.details.status });
    return new Problem(422, error.code, 'Unprocessable', error.message);
  }
  const http = error as HttpError;
  if (http?.type === 'entity.parse.failed') {
    return new Problem(400, 'malformed_json', 'Malformed JSON', `the body is not valid JSON: ${http.message}`, [{ field: '(body)', message: 'is not valid JSON' }]);
  }
  if (http?.type === 'entity.too.large') {
    return new Problem(413, 'payload_too_large', 'Payload too large', `the body exceeds the limit of ${http.limit} bytes`, [{ field: '(body)', message: `must be at most ${http.limit} bytes` }]);
  }
  if (http?.type === 'encoding.unsupported' || http?.type === 'charset.unsupported') {
    return new Problem(415, 'unsupported_media_type', 'Unsupported media type', http.message);
  }
  if (typeof http?.status === 'number' && http.status >= 400 && http.status < 500) {
    return new Problem(http.status, 'bad_request', 'Bad request', http.message);
  }
  return new Problem(500, 'internal_error', 'Internal error', 'the service failed; the instance identifies this occurrence in the logs');
}

/** The technology provider is down or refusing calls (any operation that needs it: download, discard...). */
function providerUnavailable(error: ProviderUnavailableError): Problem {
  const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 30_000) / 1000));
  const detail = `the technology provider cannot answer now (${error.message}); try again later`;
  return new Problem(503, 'provider_unavailable', 'Provider unavailable', detail, undefined, { 'Retry-After': String(seconds) });
}
