import type { Identity } from '../../application/invoice-management/get-identity.ts';
import { companyProfileRecord } from '../../application/tenancy/tenant-record.ts';
import { missingProfileFields } from '../../domain/tenancy/required-profile-fields.ts';

/**
 * GET /v1/me: the key presented (never its secret), its company with its profile and the DIAN-required profile fields
 * it still lacks (live documents are refused until none is), environment and scopes. An operator key belongs to no
 * company and no environment: both are null, so a client tells from this one answer what the key may do.
 */
export function identityRepresentation({ key, company, principal, warnings }: Identity): Record<string, unknown> {
  return {
    key: { id: key.keyId, prefix: key.prefix, name: key.name, created_at: key.createdAt, expires_at: key.expiresAt },
    company: company && {
      id: company.id,
      name: company.legalName,
      trade_name: company.tradeName,
      tax_id: company.nit,
      check_digit: company.dv,
      profile: companyProfileRecord(company.profile),
      profile_missing: missingProfileFields(company.profile),
    },
    environment: company ? principal.environment : null,
    scopes: principal.scopes,
    warnings: warnings.map(({ code, message, details }) => ({ code, message, ...details })),
  };
}
