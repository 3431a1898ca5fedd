import type { Request } from 'express';
import { Problem, problems } from '../http/problem.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot exist is simply not found (ids are UUIDs, valid only within the key's company). */
export function invoiceId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw problems.notFound('no invoice with that id for this company and environment');
  return id.toLowerCase();
}

export function idempotencyKey(req: Request): string {
  const key = req.get('Idempotency-Key');
  if (key === undefined || key.trim() === '') {
    throw new Problem(400, 'idempotency_key_required', 'Idempotency-Key required', 'every POST needs an Idempotency-Key header', [
      { field: 'Idempotency-Key', message: 'is required' },
    ]);
  }
  if (key.length < 8 || key.length > 255) {
    throw problems.validation('the Idempotency-Key header is invalid', [{ field: 'Idempotency-Key', message: `must be 8 to 255 characters; got ${key.length}` }], 400);
  }
  return key;
}

/** A JSON object body; anything else is refused before any use case runs. */
export function jsonObject(req: Request): Record<string, unknown> {
  if (!req.is('application/json') && !req.is('application/merge-patch+json')) {
    throw new Problem(415, 'unsupported_media_type', 'Unsupported media type', 'send the body as JSON with Content-Type: application/json');
  }
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw problems.validation('the body must be a JSON object', [{ field: '(body)', message: 'must be an object' }], 400);
  }
  return body as Record<string, unknown>;
}

/** The request path without its query: part of what "the same request" means for an Idempotency-Key. */
export function requestPath(req: Request): string {
  return req.originalUrl.split('?')[0];
}
