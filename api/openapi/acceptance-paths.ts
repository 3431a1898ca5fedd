const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const json = (description: string, schema: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const correlation = { name: 'X-Correlation-Id', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } };
const base = '/receptions/v1/received-documents';

/** The acceptance-registry trail of sales invoices, and the reception family. */
export const acceptancePaths = {
  '/invoices/v1/sales-invoices/{id}/events': {
    get: {
      tags: ['Emision'],
      summary: 'The acceptance-registry (RADIAN) events of a sales invoice, oldest first',
      description:
        'What the customer did with the invoice: 030 receipt acknowledged, 031 claim, 032 goods or service received, 033 express ' +
        'acceptance, and 034 tacit acceptance (credit invoices, three business days after 032 with no 031 or 033). Only sales invoices ' +
        'have this trail.',
      operationId: 'events-/invoices/v1/sales-invoices',
      parameters: [idParameter, correlation],
      responses: {
        200: json('The events, oldest first.', 'DocumentEventList'),
        401: problem('Credential missing or invalid.'),
        403: problem('The key lacks invoices:read.'),
        404: problem('No such sales invoice for this tenant and environment.'),
        409: problem('The invoice has no tax authority number yet (code invoice_not_numbered).'),
        422: problem('The id is not a UUID.'),
        503: problem('The provider could not serve the events (code events_unavailable).'),
      },
    },
  },
  [base]: {
    get: {
      tags: ['Recepcion'],
      summary: 'Documents issued to this company (its NIT) in this environment, most recently validated first',
      operationId: `list-${base}`,
      parameters: [
        { name: 'number', in: 'query', schema: { type: 'string' }, description: 'Exact tax authority number (numbers repeat across issuers).' },
        { name: 'issuer_nit', in: 'query', schema: { type: 'string', pattern: '^\\d{5,15}$' }, description: 'NIT of the issuer, without the check digit.' },
        { name: 'issued_from', in: 'query', schema: { type: 'string', format: 'date' } },
        { name: 'issued_to', in: 'query', schema: { type: 'string', format: 'date' } },
        { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
        { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        correlation,
      ],
      responses: {
        200: json('A page of received documents.', 'ReceivedDocumentList'),
        401: problem('Credential missing or invalid.'),
        403: problem('The key lacks invoices:read.'),
        422: problem('Invalid filters.'),
      },
    },
  },
  [`${base}/{id}`]: {
    get: {
      tags: ['Recepcion'],
      summary: 'A document issued to this company, with where its acceptance stands and its events',
      operationId: `get-${base}`,
      parameters: [idParameter, correlation],
      responses: {
        200: json('The received document.', 'ReceivedDocument'),
        401: problem('Credential missing or invalid.'),
        403: problem('The key lacks invoices:read.'),
        404: problem('No validated document with this id was issued to this company in this environment.'),
        422: problem('The id is not a UUID.'),
      },
    },
  },
  [`${base}/{id}/events`]: {
    get: {
      tags: ['Recepcion'],
      summary: 'The acceptance events of a received document, oldest first',
      operationId: `events-${base}`,
      parameters: [idParameter, correlation],
      responses: {
        200: json('The events, oldest first.', 'DocumentEventList'),
        401: problem('Credential missing or invalid.'),
        403: problem('The key lacks invoices:read.'),
        404: problem('No such received document.'),
        422: problem('The id is not a UUID.'),
      },
    },
    post: {
      tags: ['Recepcion'],
      summary: 'Send an acceptance event (030, 031, 032 or 033) on behalf of the receiver',
      description:
        'Order rules: 030 first; each code once; 033 only after 032; after a 031 claim only 032 may follow (never 033 or 034); ' +
        'after 033 or 034 nothing. A voided invoice takes no events. A refusal is 409 `event_not_allowed` with the `rule` it broke. ' +
        'On a credit invoice, 032 starts the three-business-day deadline of the tacit acceptance (034).',
      operationId: `send-event-${base}`,
      parameters: [idParameter, correlation],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/AcceptanceEventBody' } } } },
      responses: {
        201: json('The event, recorded with its number and CUDE; the issuer sees it in its invoice’s trail.', 'DocumentEvent'),
        400: problem('Malformed JSON.'),
        401: problem('Credential missing or invalid.'),
        403: problem('The key lacks invoices:write.'),
        404: problem('No such received document.'),
        409: problem('The order rules refuse the event now (code event_not_allowed, with `rule`).'),
        413: problem('Request body too large.'),
        415: problem('The body is not JSON.'),
        422: problem('The event is invalid: unknown code, 034, a 031 without claim_concept, a claim_concept on another code, or the id is not a UUID.'),
      },
    },
  },
} as const;
