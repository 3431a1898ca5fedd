import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { decimalFieldIssue } from '../shared/decimal-field-issue.ts';
import { isCalendarDate } from '../shared/is-calendar-date.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { isDateOrDateTime } from './date-or-date-time.ts';
import { DESCRIPTION_MAX_LENGTH, type EntryFieldType } from './entry-field-types.ts';
import type { PayrollConcept } from './payroll-concept.ts';
import { textFieldIssue } from './text-field-issue.ts';

/** Checks one present value of an entry against its field type. */
export function entryValueIssue(
  field: string,
  value: unknown,
  type: EntryFieldType,
  concept: PayrollConcept,
): ValidationIssue | undefined {
  switch (type) {
    case 'amount':
    case 'rate':
      return typeof value === 'string'
        ? decimalFieldIssue(field, value, { required: true })
        : { field, message: `must be a decimal string such as "1500.00"; got ${JSON.stringify(value)}` };
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0
        ? undefined
        : { field, message: `must be a whole number of 0 or more (a JSON integer); got ${JSON.stringify(value)}` };
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? undefined
        : { field, message: `must be a calendar date written YYYY-MM-DD; got ${JSON.stringify(value)}` };
    case 'date_or_date_time':
      return typeof value === 'string' && isDateOrDateTime(value)
        ? undefined
        : { field, message: `must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SS; got ${JSON.stringify(value)}` };
    case 'code':
      return typeof value === 'string'
        ? codeFieldIssue(field, value, typeCodeNames(concept), `a type_code of ${concept.name}`, { required: true })
        : { field, message: `must be a string code; got ${JSON.stringify(value)}` };
    case 'text':
      return textFieldIssue(field, value, { required: true, maxLength: DESCRIPTION_MAX_LENGTH });
  }
}

function typeCodeNames(concept: PayrollConcept): ReadonlyMap<string, string> {
  return new Map((concept.typeCodes ?? []).map((type) => [type.code, type.name]));
}
