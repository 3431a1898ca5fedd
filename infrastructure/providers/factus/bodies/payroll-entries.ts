import type { ConceptKind } from '../../../../domain/payroll/payroll-concept.ts';
import type { PayrollEntry } from '../../../../domain/payroll/payroll-entry.ts';
import { compact } from './compact.ts';
import { FactusMappingError } from './factus-mapping-error.ts';

type FactusEntry = Record<string, unknown>;
type Convert = (entry: PayrollEntry, field: string) => FactusEntry[];

const isZero = (amount: string | undefined) => amount === undefined || Number(amount) === 0;

/** Concepts whose Factus entries differ from ours; the others copy the fields and rename type_code. */
const SPECIAL: Readonly<Record<string, Convert>> = {
  'accrual:vacations': (entry) => [{ ...generic('accrual', entry), accrual_type_code: '1' }],
  'accrual:compensated_vacations': (entry) => [{ ...generic('accrual', entry), accrual_type_code: '2' }],
  // Cesantías and their interest are two `cesa` entries, types 1 and 2 (Factus payroll tables).
  'accrual:severance': (entry) => [
    { amount: entry.amount, accrual_type_code: '1' },
    { amount: entry.interest_amount, percentage: entry.percentage, accrual_type_code: '2' },
  ],
  // `prim` is one object of type 1 (salary) or 2 (non-salary): a prima with both parts has no Factus form.
  'accrual:bonuses': (entry, field) => {
    if (isZero(entry.non_salary_amount)) return [compact({ quantity: entry.quantity, amount: entry.amount, accrual_type_code: '1' })];
    if (isZero(entry.amount)) return [compact({ quantity: entry.quantity, amount: entry.non_salary_amount, accrual_type_code: '2' })];
    throw new FactusMappingError(field, 'Factus takes one kind of prima per payroll (salary or non-salary); this one has both amounts');
  },
  // `dedu` is one object of type 1 (solidarity) or 2 (subsistence), likewise.
  'deduction:pension_solidarity_fund': (entry, field) => {
    if (entry.subsistence_amount === undefined) return [{ percentage: entry.percentage, amount: entry.amount, deduction_type_code: '1' }];
    if (entry.amount === undefined) return [{ percentage: entry.subsistence_percentage, amount: entry.subsistence_amount, deduction_type_code: '2' }];
    throw new FactusMappingError(field, 'Factus takes either the solidarity or the subsistence part of the fund per payroll, not both');
  },
};

/** The Factus entries of one of our entries (usually one). */
export function factusEntries(kind: ConceptKind, name: string, entry: PayrollEntry, field: string): FactusEntry[] {
  const special = SPECIAL[`${kind}:${name}`];
  return special ? special(entry, field) : [generic(kind, entry)];
}

function generic(kind: ConceptKind, entry: PayrollEntry): FactusEntry {
  return compact({
    description: entry.description,
    quantity: entry.quantity,
    percentage: entry.percentage,
    amount: entry.amount,
    start_date: entry.start_date,
    end_date: entry.end_date,
    [kind === 'accrual' ? 'accrual_type_code' : 'deduction_type_code']: entry.type_code,
  });
}
