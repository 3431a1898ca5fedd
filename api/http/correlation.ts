import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';

const ACCEPTABLE = /^[\x21-\x7e]{1,200}$/;

/**
 * Gives every request an id and a correlation id (the client's X-Correlation-Id when usable), echoed back, and notes
 * when it was read (the first middleware: what was committed before the client sent it was committed before this).
 */
export function correlation(req: Request, res: Response, next: NextFunction): void {
  res.locals.receivedAt = performance.now();
  const requestId = randomUUID();
  const given = req.get('X-Correlation-Id');
  const correlationId = given && ACCEPTABLE.test(given) ? given : requestId;
  res.locals.requestId = requestId;
  res.locals.correlationId = correlationId;
  res.set('X-Correlation-Id', correlationId);
  res.set('X-Request-Id', requestId);
  next();
}
