import type { DocumentFamilyName } from '../documents/document-family.ts';
import type { NumberingResolution } from './numbering-resolution.ts';

/** DIAN's habilitación technical key, as public fixtures use it (reference §2.1). */
const HABILITACION_TECHNICAL_KEY = 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c';

/** Validity of every habilitación range (reference §2.1). */
export const HABILITACION_PERIOD = { start: '2019-01-19', end: '2030-01-19' } as const;

/** The software the built-in sandbox stands for: the test environment's identity when a company registered none. */
export const HABILITACION_SOFTWARE = { id: 'a0b1c2d3-sandbox-software', pin: '12345' } as const;

const RANGES: Record<DocumentFamilyName, [prefix: string, from: number, to: number, resolution: string]> = {
  'sales-invoice': ['SETP', 990000000, 995000000, '18760000001'],
  'credit-note': ['NC', 1, 99999999, '18760000002'],
  'debit-note': ['ND', 1, 99999999, '18760000003'],
  'support-document': ['SEDS', 984000000, 985000000, '18760000004'],
  'adjustment-note': ['NAS', 1, 99999999, '18760000005'],
  payroll: ['NE', 1, 99999999, '18760000006'],
  'payroll-adjustment': ['NIAE', 1, 99999999, '18760000007'],
};

/**
 * The range a family numbers on in the test environment while the company registered none of its own: DIAN's
 * habilitación range for sales invoices (SETP 990000000–995000000), and one of the same kind for every other family.
 */
export function habilitacionResolution(tenantId: string, family: DocumentFamilyName): NumberingResolution {
  const [prefix, from, to, number] = RANGES[family];
  return {
    id: `habilitacion-${family}`,
    tenantId,
    environment: 'test',
    family,
    prefix,
    from,
    to,
    number,
    validFrom: HABILITACION_PERIOD.start,
    validTo: HABILITACION_PERIOD.end,
    technicalKey: HABILITACION_TECHNICAL_KEY,
    registeredAt: '2019-01-19T00:00:00.000Z',
    retiredAt: null,
  };
}

export const isHabilitacion = (resolutionId: string): boolean => resolutionId.startsWith('habilitacion-');
