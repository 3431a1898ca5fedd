import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const ACCEPTABLE = /^[\x21-\x7e]{1,200}$/;

/** Gives every request an id and a correlation id (the client's X-Correlation-Id when usable), echoed back. */
export function correlation(req: Request, res: Response, next: NextFunction): void {
  const requestId = randomUUID();
  const given = req.get('X-Correlation-Id');
  const correlationId = given && ACCEPTABLE.test(given) ? given : requestId;
  res.locals.requestId = requestId;
  res.locals.correlationId = correlationId;
  res.set('X-Correlation-Id', correlationId);
  res.set('X-Request-Id', requestId);
  next();
}
