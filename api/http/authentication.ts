import type { NextFunction, Request, Response } from 'express';
import type { ApiKeys, Principal } from '../../application/tenancy/api-keys.ts';
import type { RequestContext } from '../../application/event-sourcing/request-context.ts';
import type { Scope } from '../../domain/tenancy/scopes.ts';
import { problems } from './problem.ts';

/** Bearer key → principal in res.locals; 401 for a missing, unknown or revoked key (and, through the error table, an expired one). */
export function authenticate(keys: ApiKeys) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const header = req.get('Authorization');
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) return next(problems.unauthorized('send the API key as "Authorization: Bearer <key>"'));
    const principal = await keys.authenticate(match[1], receivedAt(res));
    if (!principal) return next(problems.unauthorized('the API key is unknown or revoked'));
    res.locals.principal = principal;
    next();
  };
}

export function requireScope(scope: Scope) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    const principal = res.locals.principal as Principal | undefined;
    if (!principal) return next(problems.unauthorized('authentication required'));
    if (!principal.scopes.includes(scope)) return next(problems.insufficientScope(scope));
    next();
  };
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}

export function requestContext(res: Response): RequestContext {
  const principal = principalOf(res);
  return {
    tenantId: principal.tenantId,
    environment: principal.environment,
    actor: principal.keyId,
    correlationId: String(res.locals.correlationId),
    causationId: String(res.locals.requestId),
    receivedAt: receivedAt(res),
  };
}

/** When the correlation middleware read the request (undefined where it did not run). */
function receivedAt(res: Response): number | undefined {
  const at: unknown = res.locals.receivedAt;
  return typeof at === 'number' ? at : undefined;
}
