const problem = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
const json = (ref: string) => ({ content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } });
const tenantId = { name: 'tenantId', in: 'path', required: true, schema: { type: 'string' } };
const environment = { name: 'environment', in: 'path', required: true, schema: { type: 'string', enum: ['test', 'live'] } };
const refusals = {
  401: { description: 'Credential missing or invalid.', ...problem },
  403: { description: 'The key is not an operator key (scope admin).', ...problem },
  404: { description: 'No such company or resolution.', ...problem },
};

/** Operator API (key with scope `admin`) beside the CLI's `resolutions` and `software` commands. */
export const numberingAdminPaths = {
  '/admin/v1/tenants/{tenantId}/resolutions': {
    post: {
      tags: ['Operacion'],
      summary: 'Register a numbering resolution of a company (CLI: resolutions add)',
      parameters: [tenantId],
      requestBody: { required: true, ...json('ResolutionInput') },
      responses: { 201: { description: 'Registered.', ...json('Resolution') }, 422: { description: 'A rule is broken; errors[] names each field.', ...problem }, ...refusals },
    },
    get: {
      tags: ['Operacion'],
      summary: 'The resolutions of a company with their use and warnings (CLI: resolutions list)',
      parameters: [tenantId, { name: 'environment', in: 'query', required: false, schema: { type: 'string', enum: ['test', 'live'] } }],
      responses: {
        200: { description: 'Oldest first.', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Resolution' } } } } } } },
        ...refusals,
      },
    },
  },
  '/admin/v1/resolutions/{id}/retire': {
    post: {
      tags: ['Operacion'],
      summary: 'Retire a resolution: it numbers no new document (CLI: resolutions retire)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'Retired (again 200 when it already was).', ...json('Resolution') }, ...refusals },
    },
  },
  '/admin/v1/tenants/{tenantId}/software/{environment}': {
    put: {
      tags: ['Operacion'],
      summary: 'Set the software identity of a company and environment (CLI: software set); the PIN is sealed with SECRETS_KEY',
      parameters: [tenantId, environment],
      requestBody: { required: true, ...json('SoftwareIdentityInput') },
      responses: {
        200: { description: 'Set; the PIN is masked.', ...json('SoftwareIdentity') },
        422: { description: 'A field is invalid.', ...problem },
        503: { description: 'SECRETS_KEY is not set (secrets_key_missing).', ...problem },
        ...refusals,
      },
    },
    get: {
      tags: ['Operacion'],
      summary: 'The software identity in use (CLI: software show); the PIN is masked',
      parameters: [tenantId, environment],
      responses: { 200: { description: 'The identity; `default` for the sandbox identity of the test environment.', ...json('SoftwareIdentity') }, ...refusals },
    },
  },
} as const;
