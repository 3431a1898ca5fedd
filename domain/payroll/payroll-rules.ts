import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkConceptSection } from './concept-section-rules.ts';
import type { PayrollBody } from './payroll-body.ts';
import { checkPayrollPayment } from './payroll-payment-rules.ts';
import { settlementPeriodDates } from './settlement-period.ts';
import { checkSettlementPeriod } from './settlement-period-rules.ts';
import { textFieldIssue } from './text-field-issue.ts';
import { checkWorker } from './worker-rules.ts';

export const OBSERVATION_MAX_LENGTH = 250;

/** Issuance rules of a payroll; empty when the body can be issued. */
export function checkPayrollRules(body: PayrollBody): ValidationIssue[] {
  const periodIssues = checkSettlementPeriod(body.settlement_period);
  const periodEnd = periodIssues.length === 0 ? settlementPeriodDates(body.settlement_period).end : undefined;
  const observationIssue = textFieldIssue('observation', body.observation,
    { required: false, maxLength: OBSERVATION_MAX_LENGTH, allowBlank: true });
  return [
    ...periodIssues,
    ...checkPayrollPayment(body.payment),
    ...checkWorker(body.worker, periodEnd),
    ...checkConceptSection(body.accruals, 'accrual'),
    ...checkConceptSection(body.deductions, 'deduction'),
    ...(observationIssue ? [observationIssue] : []),
  ];
}
