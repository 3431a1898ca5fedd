import { truncate2 } from '../shared/money.ts';
import type { DianEnvironment } from './dian-environment.ts';

/** The fields CUFE and CUDE share (reference §2.1, §2.2); amounts are decimal strings, truncated to 2 decimals. */
export interface DocumentKeyFields {
  /** NumFac: prefix + consecutive. */
  number: string;
  /** FecFac: YYYY-MM-DD. */
  issueDate: string;
  /** HorFac: HH:MM:SS-05:00. */
  issueTime: string;
  /** ValFac: LegalMonetaryTotal/LineExtensionAmount. */
  lineExtensionAmount: string;
  /** ValImp1: total of tax 01 (IVA). */
  ivaAmount: string;
  /** ValImp2: total of tax 04 (INC). */
  incAmount: string;
  /** ValImp3: total of tax 03 (ICA). */
  icaAmount: string;
  /** ValTot: LegalMonetaryTotal/PayableAmount. */
  payableAmount: string;
  /** NitOFE: issuer NIT without check digit. */
  issuerNit: string;
  /** NumAdq: acquirer identification without check digit (222222222222 for the final consumer). */
  acquirerId: string;
  environment: DianEnvironment;
}

/** NumFac FecFac HorFac ValFac 01 ValImp1 04 ValImp2 03 ValImp3 ValTot NitOFE NumAdq key TipoAmbiente, no separators. */
export function documentKeyConcatenation(fields: DocumentKeyFields, key: string): string {
  return [
    fields.number,
    fields.issueDate,
    fields.issueTime,
    truncate2(fields.lineExtensionAmount),
    '01',
    truncate2(fields.ivaAmount),
    '04',
    truncate2(fields.incAmount),
    '03',
    truncate2(fields.icaAmount),
    truncate2(fields.payableAmount),
    fields.issuerNit,
    fields.acquirerId,
    key,
    fields.environment,
  ].join('');
}
