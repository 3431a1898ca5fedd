const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const tenant = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Tenant' } } } });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'Tenant id (`tenants list`).' };
const tags = ['Operacion'];
const operator = {
  401: problem('unauthorized: Bearer header missing, or key unknown, revoked or expired.'),
  403: problem('insufficient_scope: an operator key (scope admin) is required.'),
  404: problem('not_found: no tenant with that id.'),
};

/** The operator's view of a company and its profile (scope `admin`). */
export const tenantAdminPaths = {
  '/admin/v1/tenants/{id}': {
    get: {
      tags,
      summary: 'A company with its profile and the DIAN-required profile fields it still lacks (operator key)',
      operationId: 'get-tenant',
      parameters: [id],
      responses: { 200: tenant('The company.'), ...operator },
    },
    patch: {
      tags,
      summary: 'Change the company profile with a JSON merge patch (operator key); the logo travels as base64',
      operationId: 'patch-tenant',
      parameters: [id],
      requestBody: {
        required: true,
        content: {
          'application/merge-patch+json': { schema: { $ref: '#/components/schemas/TenantPatch' } },
          'application/json': { schema: { $ref: '#/components/schemas/TenantPatch' } },
        },
      },
      responses: {
        200: tenant('The company as it is now.'),
        400: problem('malformed_json, or validation_failed: the body is not a JSON object.'),
        ...operator,
        413: problem('payload_too_large: the body exceeds BODY_LIMIT_BYTES.'),
        415: problem('unsupported_media_type: send application/json or application/merge-patch+json.'),
        422: problem('validation_failed: errors[] names each field (profile.municipality_code, profile.logo, ...).'),
      },
    },
  },
} as const;
