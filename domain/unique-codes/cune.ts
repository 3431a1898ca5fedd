import { truncate2 } from '../shared/money.ts';
import type { DianEnvironment } from './dian-environment.ts';
import { sha384Hex } from './sha384-hex.ts';

/** TipoXML: 102 individual payroll, 103 payroll adjustment note. */
type PayrollXmlType = '102' | '103';

/**
 * Fields of the CUNE (reference §2.6). For an adjustment note that deletes (Eliminar),
 * the three totals are 0.00 and workerDocument is "0".
 */
export interface CuneFields {
  /** NumNE: prefix + consecutive. */
  number: string;
  /** FecNE: YYYY-MM-DD. */
  issueDate: string;
  /** HorNE: HH:MM:SS-05:00. */
  issueTime: string;
  /** ValDev: DevengadosTotal. */
  accruedTotal: string;
  /** ValDed: DeduccionesTotal. */
  deductionsTotal: string;
  /** ValTolNE: ComprobanteTotal. */
  paymentTotal: string;
  /** NitNE: employer NIT without check digit. */
  employerNit: string;
  /** DocEmp: worker document number. */
  workerDocument: string;
  xmlType: PayrollXmlType;
  softwarePin: string;
  environment: DianEnvironment;
}

export function cuneConcatenation(fields: CuneFields): string {
  return [
    fields.number,
    fields.issueDate,
    fields.issueTime,
    truncate2(fields.accruedTotal),
    truncate2(fields.deductionsTotal),
    truncate2(fields.paymentTotal),
    fields.employerNit,
    fields.workerDocument,
    fields.xmlType,
    fields.softwarePin,
    fields.environment,
  ].join('');
}

export function cune(fields: CuneFields): string {
  return sha384Hex(cuneConcatenation(fields));
}
