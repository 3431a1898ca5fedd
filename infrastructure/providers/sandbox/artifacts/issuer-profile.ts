/**
 * The tenant record holds only NIT, check digit and names; DIAN documents also want the issuer's place, organization
 * type and tax profile. The sandbox fills them with these documented values.
 */
export const SANDBOX_ISSUER_PROFILE = {
  legalOrganization: '1',
  taxScheme: { id: '01', name: 'IVA' },
  taxLevelCodes: ['R-99-PN'],
  countryCode: 'CO',
  municipalityCode: '11001',
  address: 'Dirección no registrada',
} as const;
