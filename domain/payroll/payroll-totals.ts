import { money, round2, sum, type Money } from '../shared/money.ts';
import { conceptEntries } from './concept-entries.ts';
import { fieldTypeOf } from './concept-field-type.ts';
import type { PayrollBody, PayrollConceptSection } from './payroll-body.ts';
import type { ConceptKind, PayrollConcept } from './payroll-concept.ts';
import { conceptsOfKind } from './payroll-concepts.ts';
import type { EntryFieldName, PayrollEntry } from './payroll-entry.ts';

/** Totals of a payroll; every amount is a decimal string with exactly 2 decimals. */
export interface PayrollTotals {
  /** Σ of every amount field of every accrual (DevengadosTotal, CUNE ValDev). */
  accrued_total: string;
  /** Σ of every amount field of every deduction (DeduccionesTotal, CUNE ValDed). */
  deducted_total: string;
  /** Exact accruals − exact deductions, rounded once (ComprobanteTotal, CUNE ValTolNE). */
  net_total: string;
  /** What the worker is paid: net_total. */
  payable_amount: string;
  /** net_total − (accrued_total − deducted_total), the Redondeo element; 0.00 for amounts of at most 2 decimals. */
  rounding_amount: string;
  /** One line per concept present in the body, accruals then deductions, in catalog order. */
  by_concept: PayrollConceptTotal[];
}

interface PayrollConceptTotal {
  kind: ConceptKind;
  name: string;
  /** Σ of the concept's amount fields over its entries (e.g. severance: amount + interest_amount). */
  amount: string;
}

/**
 * Totals of a body that passed checkPayrollRules. Every field of type amount adds (salary and non-salary
 * parts, severance interest, solidarity and subsistence); rates, quantities and dates add nothing, so an unpaid
 * license or a legal strike contributes 0.00. Rounding is half-to-even, once per total.
 */
export function computePayrollTotals(body: Pick<PayrollBody, 'accruals' | 'deductions'>): PayrollTotals {
  const accruals = sectionTotals(body.accruals, 'accrual');
  const deductions = sectionTotals(body.deductions, 'deduction');
  const accrued = sum(accruals.map((line) => line.exact));
  const deducted = sum(deductions.map((line) => line.exact));
  const accruedTotal = round2(accrued);
  const deductedTotal = round2(deducted);
  const netTotal = round2(accrued.minus(deducted));
  return {
    accrued_total: accruedTotal,
    deducted_total: deductedTotal,
    net_total: netTotal,
    payable_amount: netTotal,
    rounding_amount: round2(money(netTotal).minus(money(accruedTotal)).plus(money(deductedTotal))),
    by_concept: [...accruals, ...deductions].map(({ concept, exact }) => ({
      kind: concept.kind,
      name: concept.name,
      amount: round2(exact),
    })),
  };
}

function sectionTotals(section: PayrollConceptSection, kind: ConceptKind): Array<{ concept: PayrollConcept; exact: Money }> {
  return conceptsOfKind(kind)
    .filter((concept) => section[concept.name] !== undefined)
    .map((concept) => ({
      concept,
      exact: sum(conceptEntries(section[concept.name]).flatMap((entry) => amountsOf(entry, concept))),
    }));
}

function amountsOf(entry: PayrollEntry, concept: PayrollConcept): string[] {
  return (Object.keys(concept.fields) as EntryFieldName[])
    .filter((name) => fieldTypeOf(concept, name) === 'amount')
    .map((name) => entry[name])
    .filter((value): value is string => typeof value === 'string');
}
