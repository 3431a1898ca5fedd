import { COUNTRIES } from '../../domain/catalogs/countries.ts';
import { DEPARTMENTS, departmentOf } from '../../domain/catalogs/departments.ts';
import { MUNICIPALITIES } from '../../domain/catalogs/municipalities.ts';
import type { CompanyProfile } from '../../domain/tenancy/company-profile.ts';
import { missingProfileFields } from '../../domain/tenancy/required-profile-fields.ts';
import type { TenantState } from '../../domain/tenancy/tenant.ts';

/** The profile as operators and integrations read it: as kept, with the city, department and country named. */
export function companyProfileRecord(profile: CompanyProfile) {
  const municipality = profile.municipality_code;
  const departmentCode = municipality === null ? null : departmentOf(municipality);
  return {
    address: profile.address,
    municipality_code: municipality,
    city: municipality === null ? null : (MUNICIPALITIES.get(municipality) ?? null),
    department_code: departmentCode,
    department: departmentCode === null ? null : (DEPARTMENTS.get(departmentCode) ?? null),
    postal_code: profile.postal_code,
    country_code: profile.country_code,
    country: COUNTRIES.get(profile.country_code) ?? profile.country_code,
    phone: profile.phone,
    email: profile.email,
    organization_type: profile.organization_type,
    tax_scheme: profile.tax_scheme,
    responsibilities: profile.responsibilities,
    ciiu: profile.ciiu,
    registration: profile.registration,
    logo: profile.logo,
  };
}

/** A company with its profile and the DIAN-required profile fields it still lacks (CLI `tenants show`, operator API). */
export function tenantRecord(tenant: TenantState) {
  return {
    id: tenant.id,
    nit: tenant.nit,
    dv: tenant.dv,
    legal_name: tenant.legalName,
    trade_name: tenant.tradeName,
    created_at: tenant.createdAt,
    profile: companyProfileRecord(tenant.profile),
    profile_missing: missingProfileFields(tenant.profile),
    profile_updated_at: tenant.profileUpdatedAt,
  };
}
