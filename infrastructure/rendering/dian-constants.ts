/** DIAN as a party: it authorizes providers and answers every submission (reference §4, §8). */
export const DIAN = {
  nit: '800197268',
  dv: '4',
  name: 'Unidad Especial Dirección de Impuestos y Aduanas Nacionales',
} as const;

/** The scheme agency attributes DIAN identifiers carry. */
export const DIAN_AGENCY = {
  schemeAgencyID: '195',
  schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
} as const;

export const CURRENCY = 'COP';
export const NIT_DOCUMENT_TYPE = '31';
