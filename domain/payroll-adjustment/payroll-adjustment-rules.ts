import { OBSERVATION_MAX_LENGTH } from '../payroll/payroll-rules.ts';
import { textFieldIssue } from '../payroll/text-field-issue.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { PayrollAdjustmentBody } from './payroll-adjustment-body.ts';

const PAYROLL_NUMBER_MAX_LENGTH = 50;
/** A DIAN number is a prefix and a consecutive, both alphanumeric: "NE1", "NEF110". */
const DOCUMENT_NUMBER = /^[A-Za-z0-9]+$/;

/** Rules of a payroll adjustment note (deletion); empty when the body can be issued. */
export function checkPayrollAdjustmentRules(body: PayrollAdjustmentBody): ValidationIssue[] {
  return [
    payrollNumberIssue(body.payroll_number),
    textFieldIssue('observation', body.observation, { required: false, maxLength: OBSERVATION_MAX_LENGTH, allowBlank: true }),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
}

function payrollNumberIssue(number: string | undefined): ValidationIssue | undefined {
  const field = 'payroll_number';
  const issue = textFieldIssue(field, number, { required: true, maxLength: PAYROLL_NUMBER_MAX_LENGTH });
  if (issue || number === undefined) return issue;
  if (DOCUMENT_NUMBER.test(number)) return undefined;
  return { field, message: `must be the tax authority number of a payroll, letters and digits only (e.g. "NE1"); got "${number}"` };
}
