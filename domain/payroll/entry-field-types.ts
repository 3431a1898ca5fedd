import type { EntryFieldName } from './payroll-entry.ts';

/**
 * What a field's value is. amount: a money decimal string that adds to the totals; rate: a percentage
 * decimal string that adds nothing; integer: a JSON integer; date: YYYY-MM-DD; date_or_date_time:
 * YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS (Colombian local time, no offset); code: one of the concept's type
 * codes; text: a non-blank string of at most DESCRIPTION_MAX_LENGTH characters.
 */
export type EntryFieldType = 'amount' | 'rate' | 'integer' | 'date' | 'date_or_date_time' | 'code' | 'text';

export const DESCRIPTION_MAX_LENGTH = 250;

/** The type of each field; a concept may override it (overtime takes date-times). */
export const ENTRY_FIELD_TYPES: Readonly<Record<EntryFieldName, EntryFieldType>> = {
  type_code: 'code',
  description: 'text',
  quantity: 'integer',
  percentage: 'rate',
  amount: 'amount',
  non_salary_amount: 'amount',
  interest_amount: 'amount',
  subsistence_percentage: 'rate',
  subsistence_amount: 'amount',
  start_date: 'date',
  end_date: 'date',
};
