const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });
const text = (description: string) => nullable('string', { description });
const codes = (description: string, example: string[]) => ({ type: 'array', items: { type: 'string' }, description, examples: [example] });

const LOGO = {
  type: ['object', 'null'],
  required: ['sha256', 'content_type', 'size', 'width', 'height'],
  description: 'The logo, stored once and named by its SHA-256; each document records it by that hash.',
  properties: {
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    content_type: { type: 'string', enum: ['image/png', 'image/jpeg'] },
    size: { type: 'integer', description: 'Bytes.' },
    width: { type: 'integer' },
    height: { type: 'integer' },
  },
};

/** The fields an operator sets, shared by the profile as shown and as patched. */
const SETTABLE = {
  address: text('Address line, e.g. "Calle 100 # 8A-55 Of. 301".'),
  municipality_code: text('DIVIPOLA code of the DIAN list (5 digits, Colombia only); city and department follow from it.'),
  postal_code: text('Postal code; in Colombia six digits beginning with the department code.'),
  phone: text('Phone number: 7 to 20 digits, spaces, dashes or parentheses, optionally after +.'),
  email: text('E-mail of the company: the DIAN contact, and the reply-to of the e-mails of its documents.'),
  organization_type: nullable('string', { enum: ['1', '2', null], description: '1 persona jurídica (legal entity), 2 persona natural.' }),
  tax_scheme: nullable('string', { enum: ['01', 'ZZ', null], description: '01 IVA, ZZ no aplica.' }),
  registration: text('Commercial registration (matrícula mercantil).'),
};

/** The company profile (GET /admin/v1/tenants/{id}, GET /v1/me), and the operator's merge patch of it. */
export const tenantSchemas = {
  CompanyProfile: {
    type: 'object',
    required: ['address', 'municipality_code', 'city', 'department_code', 'department', 'postal_code', 'country_code', 'country', 'phone', 'email', 'organization_type', 'tax_scheme', 'responsibilities', 'ciiu', 'registration', 'logo'],
    properties: {
      ...SETTABLE,
      city: text('Named from the DIAN Municipio list.'),
      department_code: text('First two digits of the municipality code.'),
      department: text('Named from the DIAN Departamentos list.'),
      country_code: { type: 'string', description: 'ISO 3166-1 alpha-2 of the DIAN list; CO unless set.' },
      country: { type: 'string' },
      responsibilities: codes('Fiscal responsibilities (DIAN list): O-13, O-15, O-23, O-47 or R-99-PN alone.', ['O-13', 'O-15']),
      ciiu: codes('Economic activities (CIIU, four digits), the principal first; at most four.', ['6201', '4711']),
      logo: LOGO,
    },
  },
  Tenant: {
    type: 'object',
    required: ['id', 'nit', 'dv', 'legal_name', 'trade_name', 'created_at', 'profile', 'profile_missing', 'profile_updated_at'],
    properties: {
      id: { type: 'string' },
      nit: { type: 'string' },
      dv: { type: 'string' },
      legal_name: { type: 'string' },
      trade_name: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
      profile: { $ref: '#/components/schemas/CompanyProfile' },
      profile_missing: {
        type: 'array',
        items: { type: 'string' },
        description: 'The profile fields DIAN requires that are still empty; live documents are refused (422 company_profile_incomplete) until none is.',
        examples: [['address', 'email']],
      },
      profile_updated_at: nullable('string', { format: 'date-time' }),
    },
  },
  TenantPatch: {
    type: 'object',
    additionalProperties: false,
    description: 'A JSON merge patch (RFC 7396) of the tenant: only its profile can be changed. A field left out stays; null removes it.',
    properties: {
      profile: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...SETTABLE,
          country_code: nullable('string', { description: 'Country code of the DIAN list; null sets CO again.' }),
          responsibilities: { ...codes('Replaces the list; null or [] removes it.', ['O-13', 'O-15']), type: ['array', 'null'] },
          ciiu: { ...codes('Replaces the list; null or [] removes it.', ['6201']), type: ['array', 'null'] },
          logo: nullable('string', { contentEncoding: 'base64', description: 'The PNG or JPEG image, base64 (at most 256 KB decoded); null removes the logo.' }),
        },
      },
    },
  },
} as const;
