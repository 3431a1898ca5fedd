import { InvoiceNotNumberedError } from '../../application/acceptance/acceptance-errors.ts';
import { VerificationNotFoundError, VerificationRunningError } from '../../application/audit/audit-errors.ts';
import { AcceptanceEventNotFoundError, EventNotOwnError } from '../../application/acceptance/event-xml-errors.ts';
import { ArchiveTooLargeError, DocumentNotNumberedError, RenderingBusyError, RepresentationUnavailableError } from '../../application/documents/artifact-errors.ts';
import { DocumentNotFoundError, IdempotencyConflictError } from '../../application/documents/document-errors.ts';
import { DocumentNotAvailableError, DraftShapeError, IdempotencyKeyReusedError } from '../../application/invoice-management/invoice-management-errors.ts';
import { invoiceStatusOf } from '../../application/invoice-management/invoice-status.ts';
import {
  AttachmentRulesError,
  BrandNotFoundError,
  InvalidVariablesError,
  MessageNotFoundError,
  MissingVariablesError,
  SendLimitExceededError,
} from '../../application/messages/message-errors.ts';
import { ProviderUnavailableError } from '../../application/ports/document-provider.ts';
import { MissingSecretsKeyError } from '../../application/ports/secret-cipher.ts';
import { ConcurrencyError } from '../../application/ports/event-store.ts';
import { EventTooLargeError, isStoreFull, isStoreUnavailable } from '../../application/ports/store-errors.ts';
import { RebuildRunningError } from '../../application/rebuilds/rebuild-guard.ts';
import { ApiKeyExpiredError } from '../../application/tenancy/api-key-expired-error.ts';
import { AcceptanceInputError } from '../../domain/acceptance/acceptance-errors.ts';
import { DocumentValidationError } from '../../domain/documents/document-errors.ts';
import type { DocumentStatus } from '../../domain/documents/document-status.ts';
import { DomainError, type DomainErrorCode } from '../../domain/shared/domain-error.ts';
import { WebhookEndpointNotFoundError, WebhookEndpointValidationError } from '../../domain/webhooks/webhook-endpoint-errors.ts';
import { codigoOf } from '../messages/message-error-codes.ts';
import { JsonTooDeepError } from './json-body.ts';
import type { Face, ProblemContext } from './problem-context.ts';
import { Problem, problems } from './problem.ts';

type Answer<E> = (error: E, context: ProblemContext) => Problem;
/** The answers of the faces that word a failure otherwise than seed 000. */
type FaceAnswers<E> = Partial<Record<Face, Answer<E>>>;

const inContext = <E>(answer: Answer<E>, faces: FaceAnswers<E>, { face }: ProblemContext): Answer<E> => (face && faces[face]) || answer;

/** One line of the table: the problem a failure it recognises stands for, in the context given; undefined for others. */
type ErrorRow = (error: unknown, context: ProblemContext) => Problem | undefined;

function when<E>(recognises: (error: unknown) => error is E, answer: Answer<E>, faces: FaceAnswers<E> = {}): ErrorRow {
  return (error, context) => (recognises(error) ? inContext(answer, faces, context)(error, context) : undefined);
}

function row<E>(type: abstract new (...args: never[]) => E, answer: Answer<E>, faces?: FaceAnswers<E>): ErrorRow {
  return when((error): error is E => error instanceof type, answer, faces);
}

/** Retry-After in whole seconds, at least 1. */
const seconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)));

const noSuchInvoice = () => problems.notFound('no invoice with that id for this company and environment');

const serviceUnavailable = (retryAfter: string, detail: string) =>
  new Problem(503, 'service_unavailable', 'Service unavailable', detail, undefined, { 'Retry-After': retryAfter });

/** A refusal of the invoice API's lifecycle (seed 001), which names the invoice's status in its own words. */
function invoiceStatusRefusal(code: string, title: string, rule: string): Answer<DomainError> {
  return (error) => {
    const status = invoiceStatusOf(error.details.status as DocumentStatus);
    return new Problem(422, code, title, `the invoice is ${status}; ${rule}`, undefined, {}, { invoice_status: status });
  };
}

/** A refusal whose details (the missing fields, the family and why) are members of the problem. */
const withDetails =
  (title: string): Answer<DomainError> =>
  (error) =>
    new Problem(422, error.code, title, error.message, undefined, {}, error.details);

const refused: Answer<DomainError> = (error) => new Problem(422, error.code, 'Unprocessable', error.message);

/**
 * How each code of the domain reads over HTTP: `answer` wherever no face words it otherwise. Where neither applies the
 * answer is a plain 422 that carries the code itself: `validation_failed` for an unknown template of the messages face;
 * the others reach no route in that context (a use case handles them, or only the command line meets them).
 */
export const DOMAIN_ANSWERS: Record<DomainErrorCode, { answer?: Answer<DomainError>; faces?: FaceAnswers<DomainError> }> = {
  already_exists: {},
  not_found: { faces: { invoices: noSuchInvoice } },
  validation_failed: {},
  invalid_nit: {},
  invalid_name: {},
  invalid_scopes: {},
  idempotency_conflict: {},
  already_completed: {},
  in_progress: {},
  not_holder: {},
  invalid_brand: {},
  invalid_address: {},
  event_not_allowed: { answer: (error) => new Problem(409, 'event_not_allowed', 'Event not allowed', error.message, undefined, {}, { rule: error.details.rule }) },
  document_validated: {
    answer: (error) => new Problem(409, 'document_validated', 'Conflict', error.message, undefined, {}, { document_status: error.details.status }),
  },
  already_voided: {},
  not_voidable: {},
  void_in_progress: {},
  not_discardable: {
    faces: { invoices: invoiceStatusRefusal('invoice_not_discardable', 'Invoice not discardable', 'only a draft or an issued invoice not yet transmitted can be discarded') },
  },
  not_editable: { faces: { invoices: invoiceStatusRefusal('invoice_not_editable', 'Invoice not editable', 'only a draft can be edited or finalized') } },
  not_issuable: { faces: { invoices: invoiceStatusRefusal('invoice_not_issuable', 'Invoice not issuable', 'only an invoice in status issued can be issued') } },
  company_profile_incomplete: { answer: withDetails('Company profile incomplete') },
  numbering_unavailable: { answer: withDetails('Numbering unavailable') },
  certificate_expired: { answer: withDetails('Certificate expired') },
  webhook_endpoint_limit: {},
};

function domainProblem(error: DomainError, context: ProblemContext): Problem {
  // A code outside the union (a test's stand-in decider) reads as a plain refusal rather than failing the answer.
  const { answer = refused, faces = {} } = DOMAIN_ANSWERS[error.code] ?? {};
  return inContext(answer, faces, context)(error, context);
}

/** Body-parser failures (express.json): they carry a `type`, and a `status` like any http-errors error. */
interface HttpError {
  type?: string;
  status?: number;
  limit?: number;
  message?: string;
}

const isHttpError = (error: unknown): error is HttpError => typeof error === 'object' && error !== null;
const bodyError = (...types: string[]) => (error: unknown): error is HttpError => isHttpError(error) && types.includes(String(error.type));

// Several broken rules: the count first, then the size, then a single bad file; errors[] lists them all.
const ATTACHMENT_PRIORITY = ['too_many_attachments', 'attachments_too_large', 'invalid_attachment'] as const;

/** Every failure the API answers, as the problem it stands for; the first row that recognises a failure answers it. */
export const ERROR_ROWS: readonly ErrorRow[] = [
  row(Problem, (problem) => problem),
  // Subclasses of DomainError with answers of their own come before the row that words domain refusals by code.
  row(DocumentValidationError, (error, { family }) => problems.validation(`the ${family ?? 'document'} breaks issuance rules`, error.issues), {
    invoices: (error) =>
      new Problem(422, 'invoice_validation_failed', 'Invoice validation failed', 'the invoice breaks issuance rules; fix it and call again with a new Idempotency-Key', error.issues),
  }),
  row(AcceptanceInputError, (error) => problems.validation('the event is not valid', error.issues)),
  row(WebhookEndpointValidationError, (error) => problems.validation('the webhook endpoint is not valid', error.issues)),
  row(WebhookEndpointNotFoundError, (error) => problems.notFound(error.message)),
  row(DomainError, domainProblem),
  row(DocumentNotFoundError, (error) => problems.notFound(error.message), { invoices: noSuchInvoice }),
  row(IdempotencyConflictError, () => new Problem(409, 'idempotency_conflict', 'Idempotency key reused', 'this Idempotency-Key was already used with a different request body')),
  row(IdempotencyKeyReusedError, (error) => new Problem(409, 'idempotency_conflict', 'Idempotency key reused', error.message)),
  row(DraftShapeError, (error) => new Problem(400, 'validation_failed', 'The request is not valid', 'the draft would not have the shape of a sales invoice', error.issues)),
  row(DocumentNotAvailableError, (error) => new Problem(404, 'document_not_available', 'Document not available', error.message)),
  row(DocumentNotNumberedError, (error) => new Problem(409, 'document_not_numbered', 'Conflict', error.message, undefined, {}, { document_status: error.status })),
  row(RepresentationUnavailableError, (error) => new Problem(503, 'representation_unavailable', 'Representation unavailable', `${error.message}; try again later`), {
    invoices: () => serviceUnavailable('5', 'the provider has no PDF or XML of this invoice yet; retry later'),
  }),
  row(ArchiveTooLargeError, (error) =>
    new Problem(422, 'archive_too_large', 'Archive too large', error.message, undefined, {}, { documents: error.documents, limit: error.limit })),
  row(RenderingBusyError, (error) => new Problem(503, 'rendering_busy', 'Rendering busy', `${error.message}; try again in a moment`, undefined, { 'Retry-After': '1' }), {
    invoices: () => serviceUnavailable('1', 'the service is rendering many files now; retry in a moment'),
  }),
  row(
    ProviderUnavailableError,
    (error) => {
      const detail = `the technology provider cannot answer now (${error.message}); try again later`;
      return new Problem(503, 'provider_unavailable', 'Provider unavailable', detail, undefined, { 'Retry-After': seconds(error.retryAfterMs ?? 30_000) });
    },
    {
      invoices: (error) => serviceUnavailable(seconds(error.retryAfterMs ?? 5_000), 'the invoicing provider could not be reached; retry later'),
      acceptance: (error) => {
        const headers: Record<string, string> = error.retryAfterMs ? { 'Retry-After': String(Math.ceil(error.retryAfterMs / 1000)) } : {};
        return new Problem(503, 'events_unavailable', 'Events unavailable', `the provider could not serve the acceptance events: ${error.message}`, undefined, headers);
      },
    },
  ),
  row(InvoiceNotNumberedError, (error) => new Problem(409, 'invoice_not_numbered', 'Invoice not numbered', error.message, undefined, {}, { document_status: error.status })),
  row(AcceptanceEventNotFoundError, (error) => problems.notFound(error.message)),
  row(EventNotOwnError, (error) => new Problem(409, 'event_not_own', 'Event not sent by this company', error.message, undefined, {}, { event_code: error.record.code, sender: error.record.actor.role })),
  row(MissingVariablesError, (error) => {
    const errors = error.variables.map((variable) => ({ field: `data.${variable}`, message: `is required by the template ${error.template}` }));
    return new Problem(422, 'missing_variables', 'Missing template variables', error.message, errors, {}, { variables: error.variables });
  }),
  row(InvalidVariablesError, (error) => new Problem(422, 'invalid_variables', 'Invalid template variables', error.message, error.issues)),
  row(BrandNotFoundError, (error) => new Problem(404, 'brand_not_found', 'Brand not found', error.message)),
  row(MessageNotFoundError, (error) => new Problem(404, 'message_not_found', 'Message not found', error.message)),
  row(AttachmentRulesError, (error) => {
    const code = ATTACHMENT_PRIORITY.find((candidate) => error.violations.some((violation) => violation.code === candidate))!;
    const errors = error.violations.map(({ field, message }) => ({ field, message }));
    return new Problem(422, code, 'Attachments refused', error.message, errors);
  }),
  row(SendLimitExceededError, (error) =>
    new Problem(429, 'send_limit_exceeded', 'Too many messages', error.message, undefined, { 'Retry-After': String(error.retryAfterSeconds) }),
  ),
  row(MissingSecretsKeyError, (error) => new Problem(503, 'secrets_key_missing', 'Secrets key missing', error.message)),
  row(ApiKeyExpiredError, (error) => new Problem(401, 'unauthorized', 'Unauthorized', error.message, undefined, { 'WWW-Authenticate': 'Bearer' }, { expired_at: error.expiredAt })),
  row(RebuildRunningError, (error) => new Problem(409, 'rebuild_running', 'Conflict', error.message)),
  row(VerificationRunningError, (error) =>
    new Problem(409, 'verification_running', 'Verification running', error.message, undefined, { Location: `/v1/audit/verifications/${error.runningId}` }, { verification_id: error.runningId }),
  ),
  row(VerificationNotFoundError, (error) => problems.notFound(error.message)),
  row(EventTooLargeError, (error) => {
    const detail = `the document would take ${error.bytes} bytes in the event store, which accepts at most ${error.limit}`;
    return new Problem(413, 'payload_too_large', 'Payload too large', detail, [{ field: '(body)', message: `must make an event of at most ${error.limit} bytes` }]);
  }),
  row(ConcurrencyError, () => {
    const detail = 'the resource was changed by another request at the same moment; send the request again';
    return new Problem(409, 'concurrent_update', 'Conflict', detail, undefined, { 'Retry-After': '1' });
  }),
  when(
    (error): error is Error => isStoreFull(error),
    () => new Problem(503, 'storage_full', 'Storage full', 'the service cannot record anything now: its storage is full. Send the request again later, with the same Idempotency-Key (it answers as the first one did if that one was recorded)', undefined, { 'Retry-After': '30' }),
    { invoices: () => serviceUnavailable('30', 'the service cannot record anything now (its storage is full); retry later with the same Idempotency-Key') },
  ),
  when(
    (error): error is Error => isStoreUnavailable(error),
    () => new Problem(503, 'store_unavailable', 'Service unavailable', 'a data store of the service cannot be reached now; try again later', undefined, { 'Retry-After': '5' }),
    { invoices: () => serviceUnavailable('5', 'a data store of the service cannot be reached now; retry later') },
  ),
  when(bodyError('entity.parse.failed'), (error) =>
    new Problem(400, 'malformed_json', 'Malformed JSON', `the body is not valid JSON: ${error.message}`, [{ field: '(body)', message: 'is not valid JSON' }]),
  ),
  row(JsonTooDeepError, (error) =>
    new Problem(400, 'malformed_json', 'Malformed JSON', error.message, [{ field: '(body)', message: `must not nest arrays and objects more than ${error.maxDepth} levels deep` }]),
  ),
  when(bodyError('entity.too.large'), (error) =>
    new Problem(413, 'payload_too_large', 'Payload too large', `the body exceeds the limit of ${error.limit} bytes`, [{ field: '(body)', message: `must be at most ${error.limit} bytes` }]),
  ),
  when(bodyError('encoding.unsupported', 'charset.unsupported'), (error) => new Problem(415, 'unsupported_media_type', 'Unsupported media type', error.message)),
  when(
    (error): error is HttpError => isHttpError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500,
    (error) => new Problem(error.status!, 'bad_request', 'Bad request', error.message),
  ),
];

/** The problem a failure stands for in this context; one no row recognises is the service's own fault. */
export function problemOf(error: unknown, context: ProblemContext): Problem {
  for (const line of ERROR_ROWS) {
    const problem = line(error, context);
    if (problem) return problem;
  }
  return new Problem(500, 'internal_error', 'Internal error', 'the service failed; the instance identifies this occurrence in the logs');
}

/** Members a face adds to every problem it answers, whatever raised it (seed 002 names the code `codigo`). */
export function faceMembers(problem: Problem, { face }: ProblemContext): Record<string, unknown> {
  return face === 'messages' ? { codigo: codigoOf(problem.code) } : {};
}
