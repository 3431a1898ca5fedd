import type { ApiKeyState } from '../../domain/tenancy/api-key.ts';
import { OPERATOR_TENANT } from '../../domain/tenancy/scopes.ts';
import type { TenantState } from '../../domain/tenancy/tenant.ts';
import type { Clock } from '../ports/clock.ts';
import type { ApiKeys, Principal } from '../tenancy/api-keys.ts';
import { apiKeyWarnings } from '../tenancy/api-key-warnings.ts';
import { companyWarnings, type CompanyWarning, type CompanyWarningSource } from '../tenancy/company-warnings.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';

export interface Identity {
  key: ApiKeyState;
  /** Null for an operator key: it belongs to no company (and so to no environment). */
  company: TenantState | null;
  principal: Principal;
  /** What the key's holder and the company should act on in this environment. */
  warnings: CompanyWarning[];
}

/** The key presented and the company it belongs to (GET /v1/me). */
export class GetIdentity {
  constructor(
    private readonly apiKeys: ApiKeys,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
    private readonly warningSources: readonly CompanyWarningSource[] = [],
  ) {}

  async execute(principal: Principal): Promise<Identity> {
    const key = await this.apiKeys.find(principal.keyId);
    if (!key) throw new Error(`key ${principal.keyId} vanished`);
    const now = this.clock.now();
    if (principal.tenantId === OPERATOR_TENANT) return { key, company: null, principal, warnings: apiKeyWarnings(key, now) };
    const company = await this.tenants.find(principal.tenantId);
    if (!company) throw new Error(`the company ${principal.tenantId} of key ${principal.keyId} vanished`);
    const warnings = await companyWarnings(this.warningSources, principal.tenantId, principal.environment, now);
    return { key, company, principal, warnings: [...apiKeyWarnings(key, now), ...warnings] };
  }
}
