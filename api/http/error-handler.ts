import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { faceMembers, problemOf } from './error-table.ts';
import { problemContextOf } from './problem-context.ts';
import { sendProblem } from './problem.ts';

/** Maps every failure to a problem document; unexpected ones are logged with the request id, never echoed. */
export function errorHandler(logger: Logger, errorsUrl: string) {
  // Express recognises error handlers by their four parameters.
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const context = problemContextOf(res);
    const problem = problemOf(error, context);
    if (problem.status >= 500) {
      logger.error({ err: error, requestId: res.locals.requestId, correlationId: res.locals.correlationId, path: req.path }, 'request failed');
    }
    if (res.headersSent) return void res.end();
    sendProblem(req, res, problem, errorsUrl, faceMembers(problem, context));
  };
}
