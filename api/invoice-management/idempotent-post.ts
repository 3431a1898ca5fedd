import type { Request, Response } from 'express';
import type { IdempotentOutcome } from '../../application/invoice-management/idempotent-requests.ts';
import type { StoredAnswer } from '../../domain/invoice-management/idempotency-record.ts';
import { requestContext } from '../http/authentication.ts';
import { problemOf } from '../http/error-table.ts';
import { Problem } from '../http/problem.ts';
import type { InvoiceManagementServices } from './invoice-management-services.ts';
import { idempotencyKey, requestPath } from './request-parts.ts';

/** Rule failures (422) are answers like any other: the same request gets them again; other failures free the key. */
function finalAnswerOf(error: unknown): StoredAnswer | null {
  const problem = problemOf(error, { face: 'invoices' });
  if (problem.status !== 422) return null;
  const { code, title, detail, errors, extra } = problem;
  return { status: 422, body: { code, title, detail, ...(errors && { errors }), ...extra } };
}

/** Runs a POST once per Idempotency-Key; a recorded failure is answered again as the problem it was. */
export async function idempotentPost(services: InvoiceManagementServices, req: Request, res: Response, operation: () => Promise<StoredAnswer>): Promise<IdempotentOutcome> {
  const key = idempotencyKey(req);
  const request = { key, method: req.method, path: requestPath(req), body: req.body ?? null, requestId: String(res.locals.requestId) };
  const outcome = await services.invoiceManagement.idempotency.run(request, requestContext(res), operation, finalAnswerOf);
  if (outcome.replayed) res.set('Idempotent-Replayed', 'true');
  const { status, body } = outcome.answer;
  if (status >= 400) {
    const { code, title, detail, errors, ...extra } = body as { code: string; title: string; detail?: string; errors?: Problem['errors'] };
    throw new Problem(status, code, title, detail, errors, {}, extra);
  }
  return outcome;
}
