import { CONTRACT_TYPES } from '../catalogs/contract-types.ts';
import { COLOMBIA, COUNTRIES } from '../catalogs/countries.ts';
import { MUNICIPALITIES } from '../catalogs/municipalities.ts';
import { PAYROLL_IDENTIFICATION_DOCUMENT_TYPES } from '../catalogs/payroll-identification-document-types.ts';
import { WORKER_SUBTYPES } from '../catalogs/worker-subtypes.ts';
import { WORKER_TYPES } from '../catalogs/worker-types.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { decimalFieldIssue } from '../shared/decimal-field-issue.ts';
import { isCalendarDate } from '../shared/is-calendar-date.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { PayrollWorker } from './payroll-body.ts';
import { integerInRange } from './settlement-period-rules.ts';
import { textFieldIssue } from './text-field-issue.ts';

/** A settlement covers one month: at most 31 days worked (DIAN Basico/@DiasTrabajados). */
const MAX_DAYS_WORKED = 31;
const IDENTIFICATION_MAX_DIGITS = 20;
const NAME_MAX_LENGTH = 100;
const ADDRESS_MAX_LENGTH = 450;
const EMPLOYEE_CODE_MAX_LENGTH = 50;

/** The worker; periodEnd is the last day of the settlement period when the period is valid. */
export function checkWorker(worker: PayrollWorker | undefined, periodEnd: string | undefined): ValidationIssue[] {
  if (worker === undefined) return [{ field: 'worker', message: 'is required' }];
  const name = (field: keyof PayrollWorker, required: boolean, allowBlank = false) =>
    textFieldIssue(`worker.${field}`, worker[field], { required, maxLength: NAME_MAX_LENGTH, allowBlank });
  return [
    codeFieldIssue('worker.identification_document_code', worker.identification_document_code,
      PAYROLL_IDENTIFICATION_DOCUMENT_TYPES, 'an identification document type admitted on a payroll', { required: true }),
    identificationNumberIssue(worker.identification_number),
    name('first_name', true),
    name('other_names', false),
    name('first_surname', true),
    name('second_surname', true, true),
    textFieldIssue('worker.address', worker.address, { required: true, maxLength: ADDRESS_MAX_LENGTH }),
    codeFieldIssue('worker.country_code', worker.country_code, COUNTRIES,
      'a country code of the DIAN list (ISO 3166-1 alpha-2)', { required: true }),
    worker.country_code === COLOMBIA
      ? codeFieldIssue('worker.municipality_code', worker.municipality_code, MUNICIPALITIES,
        'a Colombian municipality code (5-digit DIVIPOLA)', { required: true })
      : textFieldIssue('worker.municipality_code', worker.municipality_code, { required: false, maxLength: NAME_MAX_LENGTH }),
    codeFieldIssue('worker.worker_type_code', worker.worker_type_code, WORKER_TYPES,
      'a worker type (DIAN TipoTrabajador)', { required: true }),
    codeFieldIssue('worker.worker_subtype', worker.worker_subtype, WORKER_SUBTYPES,
      'a worker subtype (DIAN SubTipoTrabajador)', { required: false }),
    codeFieldIssue('worker.contract_type', worker.contract_type, CONTRACT_TYPES,
      'a contract type (DIAN TipoContrato)', { required: true }),
    textFieldIssue('worker.employee_code', worker.employee_code, { required: false, maxLength: EMPLOYEE_CODE_MAX_LENGTH }),
    decimalFieldIssue('worker.salary', worker.salary, { required: true }),
    entryDateIssue(worker.entry_date, periodEnd),
    integerInRange('worker.days_worked', worker.days_worked, 0, MAX_DAYS_WORKED),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}

function identificationNumberIssue(value: string | undefined): ValidationIssue | undefined {
  const field = 'worker.identification_number';
  if (value === undefined || value === '') return { field, message: 'is required' };
  if (!/^\d+$/.test(value)) {
    return { field, message: `must contain only digits (DIAN types the worker's document number as an integer); got "${value}"` };
  }
  if (value.length > IDENTIFICATION_MAX_DIGITS) {
    return { field, message: `has ${value.length} digits; at most ${IDENTIFICATION_MAX_DIGITS} are allowed` };
  }
  return undefined;
}

function entryDateIssue(date: string | undefined, periodEnd: string | undefined): ValidationIssue | undefined {
  const field = 'worker.entry_date';
  if (date === undefined) return { field, message: 'is required' };
  if (!isCalendarDate(date)) return { field, message: `must be a calendar date written YYYY-MM-DD; got "${date}"` };
  if (periodEnd !== undefined && date > periodEnd) {
    return { field, message: `is ${date}, after the settlement period ends (${periodEnd})` };
  }
  return undefined;
}
