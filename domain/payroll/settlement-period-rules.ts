import { PAYROLL_PERIODS } from '../catalogs/payroll-periods.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { PayrollSettlementPeriod } from './payroll-body.ts';

const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** Month 1–12, year 2000–2100, period code of DIAN PeriodoNomina. */
export function checkSettlementPeriod(period: PayrollSettlementPeriod | undefined): ValidationIssue[] {
  if (period === undefined) return [{ field: 'settlement_period', message: 'is required' }];
  return [
    integerInRange('settlement_period.month', period.month, 1, 12),
    integerInRange('settlement_period.year', period.year, FIRST_YEAR, LAST_YEAR),
    codeFieldIssue('settlement_period.payroll_period_code', period.payroll_period_code, PAYROLL_PERIODS,
      'a payroll period code (DIAN PeriodoNomina)', { required: true }),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}

export function integerInRange(field: string, value: unknown, min: number, max: number): ValidationIssue | undefined {
  if (value === undefined) return { field, message: 'is required' };
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return { field, message: `must be an integer from ${min} to ${max}; got ${JSON.stringify(value)}` };
  }
  return undefined;
}
