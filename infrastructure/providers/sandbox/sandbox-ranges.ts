import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';

/** A DIAN numbering resolution's range: the numbers `{prefix}{from}` to `{prefix}{to}`. */
export interface NumberingRange {
  prefix: string;
  from: number;
  to: number;
  resolution: string;
  technicalKey: string;
}

const range = (prefix: string, from: number, to: number, resolution: string): NumberingRange => ({
  prefix,
  from,
  to,
  resolution,
  technicalKey: 'fc8eac422eba16e22ffd8c6f94b3f40a6e38162c',
});

/** Each family numbers on its own range; sales invoices use DIAN's habilitación range (reference §2.1). */
export const SANDBOX_RANGES: Record<DocumentFamilyName, NumberingRange> = {
  'sales-invoice': range('SETP', 990000000, 995000000, '18760000001'),
  'credit-note': range('NC', 1, 99999999, '18760000002'),
  'debit-note': range('ND', 1, 99999999, '18760000003'),
  'support-document': range('SEDS', 984000000, 985000000, '18760000004'),
  'adjustment-note': range('NAS', 1, 99999999, '18760000005'),
  payroll: range('NE', 1, 99999999, '18760000006'),
  'payroll-adjustment': range('NIAE', 1, 99999999, '18760000007'),
};

/** The sandbox's registered software (SoftwareID and PIN enter the CUDE, CUDS, CUNE and security code). */
export const SANDBOX_SOFTWARE = { id: 'a0b1c2d3-sandbox-software', pin: '12345' } as const;

/** Validity of every sandbox resolution: the DIAN habilitación range's (reference §2.1). */
export const SANDBOX_AUTHORIZATION_PERIOD = { start: '2019-01-19', end: '2030-01-19' } as const;
