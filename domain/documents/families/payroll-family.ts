import type { PayrollBody } from '../../payroll/payroll-body.ts';
import { checkPayrollRules } from '../../payroll/payroll-rules.ts';
import { computePayrollTotals, type PayrollTotals } from '../../payroll/payroll-totals.ts';
import { normalizePayroll } from '../../payroll/normalize-payroll.ts';
import { defineFamily } from './define-family.ts';

export const payrollFamily = defineFamily<PayrollBody, PayrollTotals>({
  name: 'payroll',
  streamCategory: 'payroll',
  uniqueCodeName: 'cune',
  typeCode: '102',
  rules: checkPayrollRules,
  normalize: normalizePayroll,
  totals: computePayrollTotals,
  counterparty: ({ worker }) => ({
    identification: String(worker?.identification_number ?? ''),
    name: [worker?.first_name, worker?.first_surname, worker?.second_surname].filter(Boolean).join(' '),
  }),
});
