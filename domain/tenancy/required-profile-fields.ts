import type { CompanyProfile, ProfileField } from './company-profile.ts';

/** The XML a document goes out as: UBL (invoices, notes, support documents) or DIAN's payroll schema. */
export type DocumentKind = 'commercial' | 'payroll';

/**
 * What DIAN requires of the issuer besides its NIT and names, per kind of document:
 * - UBL (annex 1.9, AccountingSupplierParty, or AccountingCustomerParty of a support document): the organization type
 *   (cbc:AdditionalAccountID), the address with its municipality (PhysicalLocation and the RegistrationAddress of
 *   PartyTaxScheme: cbc:ID, CityName, CountrySubentity, AddressLine; the country defaults to CO), the fiscal
 *   responsibilities (cbc:TaxLevelCode) and the tax scheme (cac:TaxScheme), plus the e-mail: DIAN's delivery rules make
 *   it the address that answers the acquirer (acceptance events and replies, reference §6) and the Contact states it.
 * - Payroll (NominaIndividual, Empleador and LugarGeneracionXML): the address and the municipality.
 * Optional everywhere: postal code, phone, CIIU activities, commercial registration and logo.
 */
const REQUIRED: Readonly<Record<DocumentKind, readonly ProfileField[]>> = {
  commercial: ['address', 'municipality_code', 'organization_type', 'tax_scheme', 'responsibilities', 'email'],
  payroll: ['address', 'municipality_code'],
};

/** The DIAN-required fields the profile lacks for a kind of document (the commercial ones, a superset, by default). */
export function missingProfileFields(profile: CompanyProfile, kind: DocumentKind = 'commercial'): ProfileField[] {
  return REQUIRED[kind].filter((field) => {
    const value = profile[field];
    return value === null || (Array.isArray(value) && value.length === 0);
  });
}
