import { INVOICE_STATUSES } from '../../application/invoice-management/invoice-status.ts';
import { ORDERING } from './invoice-management-ordering.ts';

const problem = (description: string, headers: Record<string, unknown> = {}) => ({
  description,
  headers,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const json = (schema: string, description: string) => ({ description, headers: RATE, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } };
const RATE = {
  RateLimit: { description: 'Quota left in the current window: `"per-key";r=<remaining>;t=<seconds to reset>`.', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'The quota: `"per-key";q=<requests>;w=<window seconds>`.', schema: { type: 'string' } },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const idempotencyKey = { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 8, maxLength: 255 } };
const tags = ['Integraciones'];
const always = {
  401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
  429: problem('rate_limited: the key used up its quota for the window.', { ...RETRY_AFTER, ...RATE }),
  500: problem('internal_error: logged with the instance identifier.'),
};
const scoped = (scope: string) => ({ ...always, 403: problem(`insufficient_scope: the key lacks ${scope}.`) });
const notFound = { 404: problem('not_found: no invoice with that id for the company and environment of the key.') };
const keyProblems = {
  400: problem('idempotency_key_required, or validation_failed (a malformed Idempotency-Key or body).'),
  409: problem('idempotency_conflict: the key was already used with another path or body.'),
};
const draftBody = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/DraftSalesInvoiceBody' } } } };
const extension = 'Extension to seed 001 (drafting).';

/** Seed 001: /v1/me and /v1/invoices, with the drafting extensions. */
export const invoiceManagementPaths = {
  '/v1/me': {
    get: {
      tags,
      summary: 'The key and its company, environment and scopes (any valid key)',
      description: 'An operator key (scope `admin`) answers `company: null` and `environment: null`: it belongs to no company.',
      operationId: 'get-me',
      responses: { 200: json('Identity', 'Who the key is.'), ...always },
    },
  },
  '/v1/invoices': {
    get: {
      tags,
      summary: 'Invoices in change order, page by page',
      description: ORDERING,
      operationId: 'list-invoices',
      parameters: [
        { name: 'status', in: 'query', schema: { type: 'string', enum: INVOICE_STATUSES } },
        { name: 'updated_since', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'ISO 8601 with a time zone; the time your previous run started.' },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        { name: 'cursor', in: 'query', schema: { type: 'string' }, description: 'next_cursor of the previous page, unchanged.' },
      ],
      responses: { 200: json('InvoicePage', 'A page; follow next_cursor until it is null.'), 400: problem('validation_failed: errors[] names each parameter.'), ...scoped('invoices:read') },
    },
    post: {
      tags,
      summary: 'Create a draft from a sales-invoice body (nothing required yet; the rules run at finalize)',
      description: extension,
      operationId: 'create-draft',
      parameters: [idempotencyKey],
      requestBody: draftBody,
      responses: { 201: json('Invoice', 'The draft.'), ...keyProblems, 413: problem('payload_too_large.'), 415: problem('unsupported_media_type.'), ...scoped('invoices:write') },
    },
  },
  '/v1/invoices/{id}': {
    parameters: [id],
    get: { tags, summary: 'One invoice', operationId: 'get-invoice', responses: { 200: json('Invoice', 'The invoice.'), ...notFound, ...scoped('invoices:read') } },
    patch: {
      tags,
      summary: 'Edit a draft with a JSON merge patch (RFC 7396; null removes a field)',
      description: extension,
      operationId: 'edit-draft',
      requestBody: { required: true, content: { 'application/merge-patch+json': { schema: { type: 'object' } }, 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: json('Invoice', 'The edited draft.'),
        400: problem('validation_failed: the draft would not be shaped like a sales invoice.'),
        ...notFound,
        415: problem('unsupported_media_type.'),
        422: problem('invoice_not_editable: the invoice is not a draft.'),
        ...scoped('invoices:write'),
      },
    },
    delete: {
      tags,
      summary: 'Discard a draft (or an issued invoice not yet transmitted): status discarded',
      description: extension,
      operationId: 'discard-draft',
      responses: { 200: json('Invoice', 'The discarded invoice.'), ...notFound, 422: problem('invoice_not_discardable: it was transmitted.'), ...scoped('invoices:write') },
    },
  },
  '/v1/invoices/{id}/finalize': {
    post: {
      tags,
      summary: 'Finalize a draft: the issuance rules run and the invoice becomes issued',
      description: extension,
      operationId: 'finalize-invoice',
      parameters: [id, idempotencyKey],
      responses: {
        200: json('Invoice', 'The issued invoice.'),
        ...keyProblems,
        ...notFound,
        422: problem('invoice_validation_failed (errors[] names each field) or invoice_not_editable.'),
        ...scoped('invoices:write'),
      },
    },
  },
  '/v1/invoices/{id}/issue': {
    post: {
      tags,
      summary: 'Transmit an issued invoice to the tax authority; read it again for the final status',
      operationId: 'issue-invoice',
      parameters: [id, idempotencyKey],
      responses: {
        202: json('IssueAnswer', 'Accepted. The same key and request answer the original again with deduplicated: true.'),
        ...keyProblems,
        ...notFound,
        422: problem('invoice_not_issuable (the status is not issued; invoice_status names it) or invoice_validation_failed.'),
        503: problem('service_unavailable.', RETRY_AFTER),
        ...scoped('invoices:write'),
      },
    },
  },
  ...Object.fromEntries(
    (['pdf', 'xml'] as const).map((format) => [
      `/v1/invoices/{id}/${format}`,
      {
        get: {
          tags,
          summary: `The ${format.toUpperCase()} of a validated invoice`,
          operationId: `get-invoice-${format}`,
          parameters: [id],
          responses: {
            200: { description: `The ${format.toUpperCase()}.`, headers: RATE, content: { [`application/${format}`]: { schema: { type: 'string', format: 'binary' } } } },
            404: problem('not_found, or document_not_available: the invoice was never transmitted (or has no number yet).'),
            503: problem('service_unavailable: the provider could not be reached.', RETRY_AFTER),
            ...scoped('invoices:read'),
          },
        },
      },
    ]),
  ),
};
