import { InvoiceNotNumberedError } from '../../application/acceptance/acceptance-errors.ts';
import { ProviderUnavailableError } from '../../application/ports/document-provider.ts';
import { AcceptanceInputError, EventNotAllowedError } from '../../domain/acceptance/acceptance-errors.ts';
import { Problem, problems } from '../http/problem.ts';

/** The acceptance failures as problem documents; anything else is rethrown to the shared error handler. */
export function rethrowAcceptanceProblem(error: unknown): never {
  if (error instanceof EventNotAllowedError) {
    throw new Problem(409, 'event_not_allowed', 'Event not allowed', error.message, undefined, {}, { rule: error.rule });
  }
  if (error instanceof AcceptanceInputError) throw problems.validation('the event is not valid', error.issues);
  if (error instanceof InvoiceNotNumberedError) {
    throw new Problem(409, 'invoice_not_numbered', 'Invoice not numbered', error.message, undefined, {}, { document_status: error.status });
  }
  if (error instanceof ProviderUnavailableError) {
    const headers: Record<string, string> = error.retryAfterMs ? { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) } : {};
    throw new Problem(503, 'events_unavailable', 'Events unavailable', `the provider could not serve the acceptance events: ${error.message}`, undefined, headers);
  }
  throw error;
}
