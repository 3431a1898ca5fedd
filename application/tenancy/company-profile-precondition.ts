import { companyProfileIncomplete } from '../../domain/tenancy/company-profile-errors.ts';
import { missingProfileFields } from '../../domain/tenancy/required-profile-fields.ts';
import type { IssuancePrecondition, IssuanceRequest } from '../documents/issuance-precondition.ts';
import type { TenantDirectory } from './tenant-directory.ts';

/**
 * A live document needs the company data DIAN requires of its issuer (the UBL parties, or the payroll's employer);
 * without it the document is refused before anything is recorded, naming the missing fields. Test documents go ahead:
 * their files fill the gaps with clearly marked demo data.
 */
export class CompanyProfilePrecondition implements IssuancePrecondition {
  constructor(private readonly tenants: TenantDirectory) {}

  async check({ family, context }: IssuanceRequest): Promise<void> {
    if (context.environment !== 'live') return;
    const tenant = await this.tenants.find(context.tenantId);
    if (!tenant) return;
    const missing = missingProfileFields(tenant.profile, family.uniqueCodeName === 'cune' ? 'payroll' : 'commercial');
    if (missing.length > 0) throw companyProfileIncomplete(missing);
  }
}
