import type { tenantRecord } from '../../application/tenancy/tenant-record.ts';
import { CUSTOMER_TRIBUTES } from '../../domain/catalogs/customer-tributes.ts';
import { LEGAL_ORGANIZATIONS } from '../../domain/catalogs/legal-organizations.ts';

type TenantRecord = ReturnType<typeof tenantRecord>;

const named = (code: string | null, catalog: ReadonlyMap<string, string>) => (code === null ? null : `${code} (${catalog.get(code) ?? code})`);

/** `tenants show` and `tenants update` for people: the company, then each profile field, then what DIAN still needs. */
export function tenantText(tenant: TenantRecord): string {
  const { profile } = tenant;
  const placed = profile.address !== null || profile.municipality_code !== null;
  const place = placed
    ? [profile.address, profile.city && `${profile.city} (${profile.municipality_code})`, profile.department, profile.postal_code && `CP ${profile.postal_code}`, profile.country]
        .filter(Boolean)
        .join(', ')
    : null;
  const logo = profile.logo && `${profile.logo.content_type} ${profile.logo.width}×${profile.logo.height}, ${profile.logo.size} bytes, sha256 ${profile.logo.sha256}`;
  const rows: Array<[string, string | null]> = [
    ['address', place],
    ['phone', profile.phone],
    ['e-mail', profile.email],
    ['organization', named(profile.organization_type, LEGAL_ORGANIZATIONS)],
    ['tax scheme', named(profile.tax_scheme, CUSTOMER_TRIBUTES)],
    ['responsibilities', profile.responsibilities.join(', ') || null],
    ['CIIU', profile.ciiu.join(', ') || null],
    ['registration', profile.registration],
    ['logo', logo],
  ];
  return [
    `tenant ${tenant.id}: ${tenant.legal_name} (NIT ${tenant.nit}-${tenant.dv}), trade name ${tenant.trade_name}`,
    ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(18)}${value ?? '-'}`),
    `  ${'missing for DIAN:'.padEnd(18)}${tenant.profile_missing.join(', ') || 'nothing (live documents may be issued)'}`,
  ].join('\n');
}
