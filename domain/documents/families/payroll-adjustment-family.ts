import type { PayrollAdjustmentBody } from '../../payroll-adjustment/payroll-adjustment-body.ts';
import { checkPayrollAdjustmentRules } from '../../payroll-adjustment/payroll-adjustment-rules.ts';
import { computePayrollAdjustmentTotals, type PayrollAdjustmentTotals } from '../../payroll-adjustment/payroll-adjustment-totals.ts';
import { defineFamily } from './define-family.ts';

/** Deletes (DIAN "Eliminar") a validated payroll; it carries no amounts and corrects nothing. */
export const payrollAdjustmentFamily = defineFamily<PayrollAdjustmentBody, PayrollAdjustmentTotals>({
  name: 'payroll-adjustment',
  streamCategory: 'payrollAdjustment',
  uniqueCodeName: 'cune',
  typeCode: '103',
  rules: checkPayrollAdjustmentRules,
  normalize: (body) => body,
  totals: computePayrollAdjustmentTotals,
  counterparty: () => ({ identification: '', name: '' }),
  reference: {
    family: 'payroll',
    of: (body) => (typeof body.payroll_number === 'string' && body.payroll_number ? { field: 'payroll_number', number: body.payroll_number } : null),
  },
  voids: () => true,
});
