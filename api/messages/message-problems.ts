import type { NextFunction, Request, Response } from 'express';
import { AttachmentRulesError, BrandNotFoundError, InvalidVariablesError, MessageNotFoundError, MissingVariablesError, SendLimitExceededError } from '../../application/messages/message-errors.ts';
import { Problem, type ProblemFields } from '../http/problem.ts';
import { codigoOf } from './message-error-codes.ts';

const withCodigo: ProblemFields = (problem) => ({ codigo: codigoOf(problem.code) });

/** Every problem answered under the messages routes carries `codigo` (seed 002), besides the RFC 9457 fields. */
export function carryCodigo(_req: Request, res: Response, next: NextFunction): void {
  res.locals.problemFields = withCodigo;
  next();
}

// Several broken rules: the count first, then the size, then a single bad file; errors[] lists them all.
const ATTACHMENT_PRIORITY = ['too_many_attachments', 'attachments_too_large', 'invalid_attachment'] as const;

/** The problem a messages use-case error stands for; other errors pass through unchanged. */
export function messageProblem(error: unknown): unknown {
  if (error instanceof MissingVariablesError) {
    const errors = error.variables.map((variable) => ({ field: `data.${variable}`, message: `is required by the template ${error.template}` }));
    return new Problem(422, 'missing_variables', 'Missing template variables', error.message, errors, {}, { variables: error.variables });
  }
  if (error instanceof InvalidVariablesError) return new Problem(422, 'invalid_variables', 'Invalid template variables', error.message, error.issues);
  if (error instanceof BrandNotFoundError) return new Problem(404, 'brand_not_found', 'Brand not found', error.message);
  if (error instanceof MessageNotFoundError) return new Problem(404, 'message_not_found', 'Message not found', error.message);
  if (error instanceof AttachmentRulesError) {
    const code = ATTACHMENT_PRIORITY.find((candidate) => error.violations.some((violation) => violation.code === candidate))!;
    const errors = error.violations.map(({ field, message }) => ({ field, message }));
    return new Problem(422, code, 'Attachments refused', error.message, errors);
  }
  if (error instanceof SendLimitExceededError) {
    return new Problem(429, 'send_limit_exceeded', 'Too many messages', error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) });
  }
  return error;
}

/** Router-level error handler: translates, then lets the app's error handler answer. */
export function translateMessageErrors(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  next(messageProblem(error));
}
