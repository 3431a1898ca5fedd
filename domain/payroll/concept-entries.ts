import type { PayrollEntry } from './payroll-entry.ts';

/** The entries of one concept value: the object itself (cardinality one) or the array (cardinality many). */
export function conceptEntries(value: PayrollEntry | readonly PayrollEntry[] | undefined): readonly PayrollEntry[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value as PayrollEntry];
}
