/** `prefix` on every family's body: the numbering resolution to number the document with. */
export const numberingPrefix = {
  type: 'string',
  pattern: '^[A-Za-z0-9]{1,4}$',
  example: 'FE',
  description:
    'Optional: the prefix of the active numbering resolution to number this document with, when the company has several ' +
    'for the family; without it the oldest that can number the document is used. A prefix no active resolution has → 422 numbering_unavailable.',
} as const;

const date = { type: 'string', format: 'date', example: '2026-01-01' } as const;

export const numberingSchemas = {
  ResolutionInput: {
    type: 'object',
    additionalProperties: false,
    required: ['environment', 'family', 'prefix', 'from', 'to', 'number', 'valid_from', 'valid_to'],
    properties: {
      environment: { type: 'string', enum: ['test', 'live'] },
      family: { type: 'string', enum: ['sales-invoice', 'credit-note', 'debit-note', 'support-document', 'adjustment-note', 'payroll', 'payroll-adjustment'] },
      prefix: { type: 'string', pattern: '^[A-Za-z0-9]{1,4}$', example: 'FE' },
      from: { type: 'integer', minimum: 1, example: 1 },
      to: { type: 'integer', minimum: 1, example: 5000 },
      number: { type: 'string', pattern: '^\\d{1,20}$', example: '18764000001', description: 'The resolution number DIAN gave.' },
      valid_from: date,
      valid_to: { ...date, example: '2027-12-31' },
      technical_key: { type: 'string', description: 'The range technical key (ClTec); required for a live sales-invoice resolution.' },
    },
  },
  Resolution: {
    type: 'object',
    required: ['id', 'tenant_id', 'environment', 'family', 'prefix', 'from', 'to', 'number', 'valid_from', 'valid_to', 'status'],
    properties: {
      id: { type: 'string' },
      tenant_id: { type: 'string' },
      environment: { type: 'string' },
      family: { type: 'string' },
      prefix: { type: 'string' },
      from: { type: 'integer' },
      to: { type: 'integer' },
      number: { type: 'string' },
      valid_from: date,
      valid_to: date,
      has_technical_key: { type: 'boolean' },
      status: { type: 'string', enum: ['active', 'retired'] },
      registered_at: { type: 'string', format: 'date-time' },
      retired_at: { type: ['string', 'null'], format: 'date-time' },
      assigned: { type: 'integer', description: 'Numbers given to validated documents.' },
      reserved: { type: 'integer', description: 'Numbers held by documents accepted and not yet validated.' },
      remaining: { type: 'integer' },
      last_number: { type: ['string', 'null'] },
      days_to_expiry: { type: 'integer' },
      warnings: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } } },
    },
  },
  SoftwareIdentityInput: {
    type: 'object',
    additionalProperties: false,
    required: ['software_id', 'pin'],
    properties: {
      software_id: { type: 'string', example: '56f2ae4e-9812-4fad-9255-08fcfcd5ccb0' },
      pin: { type: 'string', example: '12345', description: 'Sealed with SECRETS_KEY; never shown again.' },
      test_set_id: { type: 'string' },
      payroll_test_set_id: { type: 'string', description: 'The payroll habilitación test set.' },
    },
  },
  SoftwareIdentity: {
    type: 'object',
    required: ['environment', 'software_id', 'pin'],
    properties: {
      environment: { type: 'string' },
      software_id: { type: 'string' },
      pin: { type: 'string', example: '*****', description: 'Always masked.' },
      test_set_id: { type: ['string', 'null'] },
      payroll_test_set_id: { type: ['string', 'null'] },
      updated_at: { type: ['string', 'null'], format: 'date-time' },
      default: { type: 'boolean', description: "True for the built-in sandbox's identity (test environment, none registered)." },
    },
  },
} as const;
