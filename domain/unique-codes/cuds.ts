import { truncate2 } from '../shared/money.ts';
import type { DianEnvironment } from './dian-environment.ts';
import { sha384Hex } from './sha384-hex.ts';

/** Fields of the CUDS of a support document (05) or its adjustment note (95), reference §2.4. Only IVA counts. */
export interface CudsFields {
  /** NumDS: prefix + consecutive. */
  number: string;
  /** FecDS: YYYY-MM-DD. */
  issueDate: string;
  /** HorDS: HH:MM:SS-05:00. */
  issueTime: string;
  /** ValDS: LineExtensionAmount. */
  lineExtensionAmount: string;
  /** ValIva: total of tax 01. */
  ivaAmount: string;
  /** ValTot: PayableAmount. */
  payableAmount: string;
  /** NumSNO: identification of the seller (the provider, not obliged to invoice). */
  sellerId: string;
  /** NITABS: NIT of the issuing company (the buyer). */
  issuerNit: string;
  softwarePin: string;
  environment: DianEnvironment;
}

export function cudsConcatenation(fields: CudsFields): string {
  return [
    fields.number,
    fields.issueDate,
    fields.issueTime,
    truncate2(fields.lineExtensionAmount),
    '01',
    truncate2(fields.ivaAmount),
    truncate2(fields.payableAmount),
    fields.sellerId,
    fields.issuerNit,
    fields.softwarePin,
    fields.environment,
  ].join('');
}

export function cuds(fields: CudsFields): string {
  return sha384Hex(cudsConcatenation(fields));
}
