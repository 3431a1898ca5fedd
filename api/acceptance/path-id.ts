import type { Request } from 'express';
import { problems } from '../http/problem.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `{id}` of the path, lower-cased; 422 naming `id` when it is not a UUID. */
export function pathId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw problems.validation('the id in the path is not a UUID', [{ field: 'id', message: `must be a UUID; got "${id}"` }]);
  return id.toLowerCase();
}
