import { INVOICE_STATUSES } from '../../application/invoice-management/invoice-status.ts';

const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const timestamp = { type: 'string', format: 'date-time' };

/** Seed 001: identity, invoice, page and issue answer. */
export const invoiceManagementSchemas = {
  Identity: {
    type: 'object',
    required: ['key', 'company', 'environment', 'scopes', 'warnings'],
    properties: {
      key: {
        type: 'object',
        required: ['id', 'prefix', 'name', 'created_at', 'expires_at'],
        properties: {
          id: { type: 'string' },
          prefix: { type: 'string', description: 'Leading characters of the key.' },
          name: { type: 'string' },
          created_at: timestamp,
          expires_at: nullable('string', { format: 'date-time', description: 'From this instant the key answers 401 `unauthorized`; null: it does not expire. 14 days before, `warnings` holds `api_key_expiring`.' }),
        },
      },
      company: {
        type: ['object', 'null'],
        description: 'The company of the key; null for an operator key (scope `admin`), which belongs to no company.',
        required: ['id', 'name', 'trade_name', 'tax_id', 'check_digit', 'profile', 'profile_missing'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          trade_name: { type: 'string' },
          tax_id: { type: 'string' },
          check_digit: { type: 'string' },
          profile: { $ref: '#/components/schemas/CompanyProfile' },
          profile_missing: {
            type: 'array',
            items: { type: 'string' },
            description: 'Profile fields DIAN requires that are still empty; a live key gets 422 company_profile_incomplete until none is (an operator sets them).',
            examples: [['address', 'municipality_code', 'email']],
          },
        },
      },
      environment: { type: ['string', 'null'], enum: ['test', 'live', null], description: 'Null for an operator key.' },
      scopes: { type: 'array', items: { type: 'string', examples: ['parties:read', 'products:read', 'invoices:read', 'invoices:write', 'admin'] } },
      warnings: {
        type: 'array',
        description: 'What the key’s holder and the company should act on in this environment before they stop being able to issue (`api_key_expiring` for the key presented).',
        items: {
          type: 'object',
          required: ['code', 'message'],
          additionalProperties: true,
          properties: { code: { type: 'string', examples: ['api_key_expiring', 'resolution_running_out', 'resolution_expiring', 'certificate_expiring'] }, message: { type: 'string' } },
        },
      },
    },
  },
  Invoice: {
    type: 'object',
    required: ['id', 'status', 'number', 'cufe', 'tax_authority_messages', 'environment', 'created_at', 'updated_at', 'links'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: INVOICE_STATUSES },
      number: nullable('string', { description: 'Final number (prefix and consecutive), once validated.', example: 'SETP990000001' }),
      cufe: nullable('string', { description: 'CUFE, once validated.' }),
      tax_authority_messages: { type: 'array', items: { $ref: '#/components/schemas/AuthorityMessage' }, description: 'The rejection of a rejected invoice; notifications of a validated one.' },
      transaction_id: nullable('string', { description: 'Set when the invoice is transmitted.' }),
      environment: { type: 'string', enum: ['test', 'live'] },
      issue_date: nullable('string', { description: 'Set when the draft is finalized (Colombian calendar).' }),
      issue_time: nullable('string'),
      created_at: timestamp,
      updated_at: timestamp,
      transmitted_at: nullable('string'),
      validated_at: nullable('string'),
      issuer: nullable('object'),
      customer: { type: 'object' },
      items: { type: 'array', items: { type: 'object' } },
      payment_details: { type: 'array', items: { type: 'object' } },
      observation: { type: 'string' },
      totals: nullable('object', { description: 'Computed when the draft is finalized.' }),
      error_reason: { type: 'string', description: 'Why an invoice in status error failed.' },
      voided_by: { type: 'object' },
      links: { type: 'object', required: ['self'], properties: { self: { type: 'string' }, pdf: { type: 'string' }, xml: { type: 'string' } } },
    },
  },
  InvoicePage: {
    type: 'object',
    required: ['data', 'next_cursor'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/Invoice' } },
      next_cursor: nullable('string', { description: 'Pass it as `cursor` for the next page; null on the last page.' }),
    },
  },
  IssueAnswer: {
    type: 'object',
    required: ['invoice_id', 'environment', 'status', 'transaction_id', 'deduplicated', 'correlation_id'],
    properties: {
      invoice_id: { type: 'string', format: 'uuid' },
      environment: { type: 'string', enum: ['test', 'live'] },
      status: { type: 'string', enum: ['transmitting'] },
      transaction_id: { type: 'string', format: 'uuid' },
      deduplicated: { type: 'boolean', description: 'False on a first issue; true when the same key and request answered before.' },
      correlation_id: { type: 'string', format: 'uuid' },
    },
  },
} as const;
