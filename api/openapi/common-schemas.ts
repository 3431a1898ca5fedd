const money = { type: 'string', example: '83300.00' };
const message = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string', example: 'FAJ44b' }, message: { type: 'string' } },
};

export const commonSchemas = {
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details.',
    required: ['type', 'title', 'status', 'code'],
    properties: {
      type: { type: 'string', example: '/errors#validation_failed' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string', description: 'Request path, # and the request id.' },
      code: { type: 'string', description: 'Stable identifier; programs key on it.' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'message'],
          properties: { field: { type: 'string', example: 'items[0].price' }, message: { type: 'string' } },
        },
      },
    },
  },
  Accepted: {
    type: 'object',
    required: ['id', 'transaction_id', 'status', 'links'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      transaction_id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: ['pending'] },
      links: { type: 'object', required: ['self'], properties: { self: { type: 'string' } } },
    },
  },
  AuthorityMessage: message,
  Totals: {
    type: 'object',
    properties: {
      line_extension_amount: money,
      tax_exclusive_amount: money,
      tax_inclusive_amount: money,
      rounding_amount: { type: 'string', example: '0.00', description: 'PayableRoundingAmount; may be negative.' },
      payable_amount: money,
      taxes: { type: 'array', items: { type: 'object' } },
    },
  },
  DocumentRecord: {
    type: 'object',
    required: ['id', 'status', 'transaction_id', 'number'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: ['pending', 'sent', 'validated', 'rejected', 'failed', 'cancelled', 'voided'] },
      number: { type: ['string', 'null'], description: 'Tax authority number (prefix and consecutive) once validated.', example: 'SETP990000001' },
      transaction_id: { type: 'string', format: 'uuid' },
      cufe: { type: ['string', 'null'], description: 'Unique code (CUFE for invoices) once validated.' },
      environment: { type: 'string', enum: ['test', 'live'] },
      issue_date: { type: 'string', format: 'date' },
      issue_time: { type: 'string', example: '10:53:10-05:00' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      validated_at: { type: ['string', 'null'], format: 'date-time' },
      issuer: { type: 'object' },
      customer: { type: 'object' },
      items: { type: 'array', items: { type: 'object' } },
      payment_details: { type: 'array', items: { type: 'object' } },
      observation: { type: 'string' },
      totals: { $ref: '#/components/schemas/Totals' },
      warnings: { type: 'array', items: message, description: 'Tax-authority notifications on a validated document.' },
      errors: { type: 'array', items: message, description: 'Rejection messages of the tax authority.' },
      failure_reason: { type: 'string' },
      links: { type: 'object' },
    },
  },
  DocumentSummary: {
    type: 'object',
    required: ['id', 'status', 'number', 'transaction_id'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      status: { type: 'string' },
      number: { type: ['string', 'null'] },
      transaction_id: { type: 'string' },
      issue_date: { type: 'string', format: 'date' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      counterparty: { type: 'object', properties: { identification: { type: 'string' }, name: { type: 'string' } } },
      payable_amount: money,
      links: { type: 'object' },
    },
  },
  DocumentList: {
    type: 'object',
    required: ['data', 'pagination'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/DocumentSummary' } },
      pagination: {
        type: 'object',
        required: ['page', 'per_page', 'total', 'total_pages'],
        properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, total_pages: { type: 'integer' } },
      },
    },
  },
} as const;
