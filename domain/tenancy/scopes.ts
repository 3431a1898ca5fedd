/** Scopes a tenant's key may carry. */
export const SCOPES = ['invoices:read', 'invoices:write', 'messages:send', 'parties:read', 'products:read', 'webhooks:read', 'webhooks:write'] as const;
/** The operator's scope: projections and other administration; never on a tenant's key. */
export const OPERATOR_SCOPES = ['admin'] as const;
export type Scope = (typeof SCOPES)[number] | (typeof OPERATOR_SCOPES)[number];
/** Operator keys belong to no company. */
export const OPERATOR_TENANT = '*';

export const ENVIRONMENTS = ['test', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}
