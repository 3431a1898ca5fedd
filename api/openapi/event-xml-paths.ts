const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const parameters = [
  { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
  { name: 'number', in: 'path', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' }, description: 'The event’s `number` in the trail (1, 2, ...).' },
  { name: 'X-Correlation-Id', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } },
];

const xmlFile = {
  description:
    'DIAN’s ApplicationResponse of the event (UBL 2.1, profile “DIAN 2.1: ApplicationResponse de la Factura Electrónica de Venta”): ' +
    'DianExtensions (software, security code, QR link of the CUDE), the event’s number and CUDE, sender and receiver, the response ' +
    'code (a claim names its concept in listID) and the invoice’s number and CUFE; signed with the company’s certificate once it has ' +
    'one. The same event always gives the same bytes. File `ar<invoice number>-<event code>.xml`.',
  headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="ar<invoice number>-<event code>.xml"' } },
  content: { 'application/xml': { schema: { type: 'string', format: 'binary' } } },
};

const common = {
  200: xmlFile,
  401: problem('Credential missing or invalid.'),
  403: problem('The key lacks invoices:read.'),
  422: problem('The id is not a UUID, or the event number is not a positive integer.'),
};

/** Downloads of the ApplicationResponse of the acceptance events a company sends. */
export const eventXmlPaths = {
  '/invoices/v1/sales-invoices/{id}/events/{number}/xml': {
    get: {
      tags: ['Emision'],
      summary: 'The XML of an acceptance event the issuer sent on its invoice (034, tacit acceptance)',
      description: 'Only the events the issuer sends have an XML here; the customer’s 030–033 are its own documents (409 event_not_own).',
      operationId: 'event-xml-/invoices/v1/sales-invoices',
      parameters,
      responses: {
        ...common,
        404: problem('No such sales invoice for this tenant and environment, or no event with that number in its trail.'),
        409: problem('The invoice has no tax authority number yet (invoice_not_numbered), or the event was sent by the customer (event_not_own).'),
      },
    },
  },
  '/receptions/v1/received-documents/{id}/events/{number}/xml': {
    get: {
      tags: ['Recepcion'],
      summary: 'The XML of an acceptance event this company sent as receiver (030, 031, 032 or 033)',
      description: 'The tacit acceptance (034) is the issuer’s document (409 event_not_own).',
      operationId: 'event-xml-/receptions/v1/received-documents',
      parameters,
      responses: {
        ...common,
        404: problem('No such received document, or no event with that number in its trail.'),
        409: problem('The event was sent by the invoice’s issuer (event_not_own).'),
      },
    },
  },
} as const;
