import { COLOMBIA } from '../../domain/catalogs/countries.ts';
import { CUSTOMER_TRIBUTES } from '../../domain/catalogs/customer-tributes.ts';
import type { Issuer } from '../../domain/documents/issuer.ts';
import type { ProfileField } from '../../domain/tenancy/company-profile.ts';
import { missingProfileFields } from '../../domain/tenancy/required-profile-fields.ts';

/**
 * Documents recorded before companies had profiles hold only NIT, check digit and names; DIAN documents also want the
 * issuer's place, organization type and tax profile. The sandbox renders those documents with these documented
 * values, as it always did, so their files stay byte for byte the same.
 */
export const SANDBOX_ISSUER_PROFILE = {
  legalOrganization: '1',
  taxScheme: { id: '01', name: 'IVA' },
  taxLevelCodes: ['R-99-PN'],
  countryCode: 'CO',
  municipalityCode: '11001',
  address: 'Dirección no registrada',
} as const;

/**
 * What stands in for a DIAN-required field a company's profile lacks, on a test document (a live one is refused
 * before it is created). Marked as demo data wherever it is text; the PDF names the fields it replaced.
 */
export const DEMO_ISSUER_DATA = {
  address: 'DATO DE DEMOSTRACIÓN: dirección sin registrar en el perfil de la empresa',
  municipalityCode: '11001',
  legalOrganization: '1',
  taxScheme: '01',
  taxLevelCodes: ['R-99-PN'],
  email: 'demo@perfil-incompleto.invalid',
} as const;

/** The issuer's data as the sandbox's files state it. */
export interface RenderedIssuer {
  legalOrganization: string;
  taxScheme: { id: string; name: string };
  taxLevelCodes: readonly string[];
  countryCode: string;
  municipalityCode: string;
  address: string;
  postalCode?: string;
  phone?: string;
  email?: string;
  /** CIIU activities, principal first. */
  industryCodes: readonly string[];
  /** Commercial registration (matrícula mercantil). */
  registration?: string;
  /** The DIAN-required fields filled with DEMO_ISSUER_DATA because the profile lacked them. */
  demoFields: readonly ProfileField[];
}

/** The issuer of a document: its recorded profile, gaps filled with demo data, or the legacy placeholders. */
export function renderedIssuer(issuer: Issuer): RenderedIssuer {
  const { profile } = issuer;
  if (!profile) {
    const legacy = SANDBOX_ISSUER_PROFILE;
    return { ...legacy, taxLevelCodes: legacy.taxLevelCodes, taxScheme: legacy.taxScheme, industryCodes: [], demoFields: [] };
  }
  const demoFields = missingProfileFields(profile);
  const placed = profile.municipality_code !== null;
  const taxScheme = profile.tax_scheme ?? DEMO_ISSUER_DATA.taxScheme;
  return {
    legalOrganization: profile.organization_type ?? DEMO_ISSUER_DATA.legalOrganization,
    taxScheme: { id: taxScheme, name: CUSTOMER_TRIBUTES.get(taxScheme) ?? taxScheme },
    taxLevelCodes: profile.responsibilities.length > 0 ? profile.responsibilities : DEMO_ISSUER_DATA.taxLevelCodes,
    // A company placed abroad, or nowhere, is placed in Bogotá with the demo data: DIAN places issuers in Colombia.
    countryCode: placed ? profile.country_code : COLOMBIA,
    municipalityCode: profile.municipality_code ?? DEMO_ISSUER_DATA.municipalityCode,
    address: profile.address ?? DEMO_ISSUER_DATA.address,
    ...(profile.postal_code !== null && (placed || profile.country_code === COLOMBIA) && { postalCode: profile.postal_code }),
    ...(profile.phone !== null && { phone: profile.phone }),
    email: profile.email ?? DEMO_ISSUER_DATA.email,
    industryCodes: profile.ciiu,
    ...(profile.registration !== null && { registration: profile.registration }),
    demoFields,
  };
}
