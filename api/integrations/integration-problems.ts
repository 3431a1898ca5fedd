import type { NextFunction, Request, Response } from 'express';
import { RepresentationUnavailableError } from '../../application/documents/artifact-errors.ts';
import { DocumentNotFoundError } from '../../application/documents/document-errors.ts';
import { DocumentNotAvailableError, DraftShapeError, IdempotencyKeyReusedError } from '../../application/integrations/integration-errors.ts';
import { invoiceStatusOf } from '../../application/integrations/invoice-status.ts';
import { ProviderUnavailableError } from '../../application/ports/document-provider.ts';
import { DocumentValidationError } from '../../domain/documents/document-errors.ts';
import type { DocumentStatus } from '../../domain/documents/document-status.ts';
import { DomainError } from '../../domain/shared/decider.ts';
import { Problem, problems } from '../http/problem.ts';

const DEFAULT_RETRY_AFTER_SECONDS = 5;

function statusProblem(code: string, title: string, verb: string, error: DomainError): Problem {
  const status = invoiceStatusOf(error.details.status as DocumentStatus);
  return new Problem(422, code, title, `the invoice is ${status}; ${verb}`, undefined, {}, { invoice_status: status });
}

const unavailable = (seconds: number, detail: string) =>
  new Problem(503, 'service_unavailable', 'Service unavailable', detail, undefined, { 'Retry-After': String(seconds) });

const BY_DOMAIN_CODE: Record<string, (error: DomainError) => Problem> = {
  not_issuable: (e) => statusProblem('invoice_not_issuable', 'Invoice not issuable', 'only an invoice in status issued can be issued', e),
  not_editable: (e) => statusProblem('invoice_not_editable', 'Invoice not editable', 'only a draft can be edited or finalized', e),
  not_discardable: (e) => statusProblem('invoice_not_discardable', 'Invoice not discardable', 'only a draft or an issued invoice not yet transmitted can be discarded', e),
  not_found: () => problems.notFound('no invoice with that id for this company and environment'),
};

/** The problem an error of this face stands for; anything else is left to the app's error handler. */
export function integrationProblem(error: unknown): unknown {
  if (error instanceof DocumentValidationError) {
    return new Problem(422, 'invoice_validation_failed', 'Invoice validation failed', 'the invoice breaks issuance rules; fix it and call again with a new Idempotency-Key', error.issues);
  }
  if (error instanceof DomainError && BY_DOMAIN_CODE[error.code]) return BY_DOMAIN_CODE[error.code](error);
  if (error instanceof DocumentNotFoundError) return problems.notFound('no invoice with that id for this company and environment');
  if (error instanceof DocumentNotAvailableError) return new Problem(404, 'document_not_available', 'Document not available', error.message);
  if (error instanceof DraftShapeError) return new Problem(400, 'validation_failed', 'The request is not valid', 'the draft would not have the shape of a sales invoice', error.issues);
  if (error instanceof IdempotencyKeyReusedError) return new Problem(409, 'idempotency_conflict', 'Idempotency key reused', error.message);
  if (error instanceof RepresentationUnavailableError) return unavailable(DEFAULT_RETRY_AFTER_SECONDS, 'the provider has no PDF or XML of this invoice yet; retry later');
  if (error instanceof ProviderUnavailableError) {
    const seconds = error.retryAfterMs === undefined ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(1, Math.ceil(error.retryAfterMs / 1000));
    return unavailable(seconds, 'the invoicing provider could not be reached; retry later');
  }
  return error;
}

/** Router-level error handler: translates, then lets the app's error handler answer. */
export function translateIntegrationErrors(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  next(integrationProblem(error));
}
