import type { Request, Response } from 'express';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';

/** An error answer: RFC 9457 fields plus a stable `code` and, for validation failures, `errors[]`. */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: ValidationIssue[],
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail ?? title);
    this.name = 'Problem';
  }
}

export const problems = {
  validation: (detail: string, errors: ValidationIssue[], status = 422) =>
    new Problem(status, 'validation_failed', 'The request is not valid', detail, errors),
  unauthorized: (detail: string) => new Problem(401, 'unauthorized', 'Unauthorized', detail, undefined, { 'WWW-Authenticate': 'Bearer' }),
  insufficientScope: (scope: string) =>
    new Problem(403, 'insufficient_scope', 'Forbidden', `this key lacks the permission ${scope}`, undefined, {}, { required_scope: scope }),
  notFound: (detail: string) => new Problem(404, 'not_found', 'Not found', detail),
};

/** `members` come last: those a face adds to every problem it answers (messages: `codigo`). */
export function sendProblem(req: Request, res: Response, problem: Problem, errorsUrl: string, members: Record<string, unknown> = {}): void {
  const requestId = String(res.locals.requestId ?? '');
  res
    .status(problem.status)
    .set(problem.headers)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: `${errorsUrl}#${problem.code}`,
        title: problem.title,
        status: problem.status,
        ...(problem.detail && { detail: problem.detail }),
        instance: `${req.originalUrl.split('?')[0]}#${requestId}`,
        code: problem.code,
        ...(problem.errors && { errors: problem.errors }),
        ...problem.extra,
        ...members,
      }),
    );
}
