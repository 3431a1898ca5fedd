import type { Identity } from '../../application/invoice-management/get-identity.ts';

/** GET /v1/me: the key presented (never its secret), its company, environment and scopes. */
export function identityRepresentation({ key, company, principal, warnings }: Identity): Record<string, unknown> {
  return {
    key: { id: key.keyId, prefix: key.prefix, name: key.name, created_at: key.createdAt },
    company: { id: company.id, name: company.legalName, trade_name: company.tradeName, tax_id: company.nit, check_digit: company.dv },
    environment: principal.environment,
    scopes: principal.scopes,
    warnings: warnings.map(({ code, message, details }) => ({ code, message, ...details })),
  };
}
