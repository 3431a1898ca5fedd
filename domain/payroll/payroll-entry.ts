/** The fields an accrual or deduction entry may carry; each concept admits a subset (payroll-concepts.ts). */
export const ENTRY_FIELD_NAMES = [
  'type_code',
  'description',
  'quantity',
  'percentage',
  'amount',
  'non_salary_amount',
  'interest_amount',
  'subsistence_percentage',
  'subsistence_amount',
  'start_date',
  'end_date',
] as const;

export type EntryFieldName = (typeof ENTRY_FIELD_NAMES)[number];

/**
 * One accrual or deduction entry. The known fields are typed; anything else a client sends is kept
 * so that the rules can refuse it by name.
 */
export type PayrollEntry = {
  type_code?: string;
  description?: string;
  quantity?: number;
  percentage?: string;
  amount?: string;
  non_salary_amount?: string;
  interest_amount?: string;
  subsistence_percentage?: string;
  subsistence_amount?: string;
  start_date?: string;
  end_date?: string;
  [field: string]: unknown;
};
