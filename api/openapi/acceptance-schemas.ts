const codeProperty = { type: 'string', enum: ['030', '031', '032', '033', '034'] };
const pagination = {
  type: 'object',
  required: ['page', 'per_page', 'total', 'total_pages'],
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, total_pages: { type: 'integer' } },
};

/** Acceptance events (RADIAN) and the reception family. */
export const acceptanceSchemas = {
  EventPerson: {
    type: 'object',
    additionalProperties: false,
    required: ['identification_document_code', 'identification', 'first_name', 'last_name'],
    description: 'The natural person who sends the event on behalf of the company.',
    properties: {
      identification_document_code: { type: 'string', maxLength: 2, example: '13' },
      identification: { type: 'string', minLength: 1, maxLength: 20, example: '12345667' },
      first_name: { type: 'string', minLength: 1, maxLength: 100 },
      last_name: { type: 'string', minLength: 1, maxLength: 100 },
      job_title: { type: 'string', maxLength: 100 },
      organization_department: { type: 'string', maxLength: 100 },
    },
  },
  AcceptanceEventBody: {
    type: 'object',
    additionalProperties: false,
    required: ['code'],
    description:
      'An event the receiver sends: 030 receipt acknowledged, 031 claim (claim_concept required), 032 goods or service received, ' +
      '033 express acceptance. 034 (tacit acceptance) is recorded by the issuer’s service, never sent.',
    properties: {
      code: { type: 'string', enum: ['030', '031', '032', '033'] },
      claim_concept: {
        type: 'string',
        enum: ['01', '02', '03', '04'],
        description: 'Only with 031: 01 inconsistencies, 02 goods not wholly delivered, 03 goods partly delivered, 04 service not rendered.',
      },
      person: { $ref: '#/components/schemas/EventPerson' },
    },
  },
  DocumentEvent: {
    type: 'object',
    required: ['code', 'name', 'number', 'unique_code', 'effective_at', 'actor'],
    properties: {
      code: codeProperty,
      name: { type: 'string', example: 'Acuse de recibo de la Factura Electrónica de Venta' },
      number: { type: 'string', description: 'Consecutive of the event within the invoice’s trail.', example: '1' },
      unique_code: { type: 'string', description: 'CUDE of the event (SHA-384, 96 hex characters).', pattern: '^[0-9a-f]{96}$' },
      effective_at: { type: 'string', format: 'date-time' },
      actor: {
        type: 'object',
        required: ['role', 'nit', 'name'],
        properties: {
          role: { type: 'string', enum: ['receiver', 'issuer'] },
          nit: { type: 'string' },
          name: { type: 'string' },
          person: { $ref: '#/components/schemas/EventPerson' },
        },
      },
      claim_concept: { type: 'string', enum: ['01', '02', '03', '04'] },
      dian: { $ref: '#/components/schemas/DocumentEventDian' },
    },
  },
  DocumentEventDian: {
    type: 'object',
    additionalProperties: false,
    required: ['status'],
    description:
      'Only when this service sends the company’s own events to DIAN (PROVIDER=dian): pending until DIAN answers; accepted ' +
      '(valid, or already processed: rule 90) or rejected with DIAN’s rules; failed when DIAN stayed unreachable or the event ' +
      'could not be sent (reason).',
    properties: {
      status: { type: 'string', enum: ['pending', 'accepted', 'rejected', 'failed'] },
      status_code: { type: 'string', description: 'DIAN’s StatusCode: 00 processed, 99 rejected, 89 refused…', example: '00' },
      messages: {
        type: 'array',
        description: 'DIAN’s ErrorMessage lines: rejections (blocking) and notifications.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['rule', 'kind', 'text'],
          properties: {
            rule: { type: 'string', example: 'AAH07' },
            kind: { type: 'string', enum: ['rejection', 'notification'] },
            text: { type: 'string' },
          },
        },
      },
      reason: { type: 'string', description: 'Why the last attempt got no answer (pending) or why the event was not sent (failed).' },
    },
  },
  DocumentEventList: {
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/DocumentEvent' }, description: 'Oldest first.' } },
  },
  ReceivedDocumentSummary: {
    type: 'object',
    required: ['id', 'status', 'number', 'cufe', 'issuer', 'links'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: ['validated', 'voided'] },
      number: { type: 'string' },
      cufe: { type: 'string' },
      issue_date: { type: 'string', format: 'date' },
      validated_at: { type: 'string', format: 'date-time' },
      issuer: { type: 'object', properties: { nit: { type: 'string' }, dv: { type: 'string' }, legal_name: { type: 'string' } } },
      payable_amount: { type: 'string' },
      payment_form: { type: 'string', description: '1 cash (contado), 2 credit (crédito).' },
      links: { type: 'object', properties: { self: { type: 'string' }, events: { type: 'string' } } },
    },
  },
  ReceivedDocumentList: {
    type: 'object',
    required: ['data', 'pagination'],
    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/ReceivedDocumentSummary' } }, pagination },
  },
  ReceivedDocument: {
    type: 'object',
    required: ['id', 'status', 'number', 'cufe', 'issuer', 'acceptance', 'events', 'links'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: ['validated', 'voided'] },
      number: { type: 'string' },
      cufe: { type: 'string' },
      environment: { type: 'string', enum: ['test', 'live'] },
      issue_date: { type: 'string', format: 'date' },
      issue_time: { type: 'string' },
      validated_at: { type: 'string', format: 'date-time' },
      issuer: { type: 'object' },
      customer: { type: 'object' },
      items: { type: 'array', items: { type: 'object' } },
      payment_details: { type: 'array', items: { type: 'object' } },
      observation: { type: 'string' },
      totals: { $ref: '#/components/schemas/Totals' },
      acceptance: {
        type: 'object',
        required: ['status', 'tacit_acceptance_due_at'],
        properties: {
          status: { type: 'string', enum: ['none', 'acknowledged', 'goods_received', 'claimed', 'accepted', 'tacitly_accepted'] },
          tacit_acceptance_due_at: {
            type: ['string', 'null'],
            format: 'date-time',
            description: 'Credit invoices after 032: when 034 is recorded unless 031 or 033 come first.',
          },
        },
      },
      events: { type: 'array', items: { $ref: '#/components/schemas/DocumentEvent' } },
      links: { type: 'object', properties: { self: { type: 'string' }, events: { type: 'string' } } },
    },
  },
} as const;
