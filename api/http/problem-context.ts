import type { NextFunction, Request, Response } from 'express';

/**
 * A group of routes that words some failures its own way: seed 001's invoice API (`/v1/me`, `/v1/invoices`), seed
 * 002's messages (every problem also carries `codigo`), and the acceptance trail. Routes of no face answer as seed 000.
 */
export type Face = 'invoices' | 'messages' | 'acceptance';

/** What the error table needs to know about the route a failure came from. */
export interface ProblemContext {
  face?: Face;
  /** The document family a seed 000 document route serves; its validation problems name it. */
  family?: string;
}

/** Router middleware: failures of the requests that pass through it are answered in this context. */
export function answerAs(context: ProblemContext) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    res.locals.problemContext = context;
    next();
  };
}

export function problemContextOf(res: Response): ProblemContext {
  return (res.locals.problemContext as ProblemContext | undefined) ?? {};
}
