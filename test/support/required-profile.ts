/** The profile fields DIAN requires of an issuer, as test companies have them unless a test asks for none. */
export const REQUIRED_PROFILE = {
  address: 'Carrera 7 # 26-20',
  municipality_code: '11001',
  organization_type: '1',
  tax_scheme: '01',
  responsibilities: ['R-99-PN'],
  email: 'facturacion@emisor.example',
} as const;
