import type { ConceptKind } from '../../../domain/payroll/payroll-concept.ts';
import type { EntryFieldName } from '../../../domain/payroll/payroll-entry.ts';

/** Entry field → attribute of the concept's DIAN element. A concept not listed carries its amount as element text. */
type FieldAttributes = Readonly<Partial<Record<EntryFieldName, string>>>;

const PAID: FieldAttributes = { quantity: 'Cantidad', amount: 'Pago' };
const DATES: FieldAttributes = { start_date: 'FechaInicio', end_date: 'FechaFin' };
const CONTRIBUTION: FieldAttributes = { percentage: 'Porcentaje', amount: 'Deduccion' };
/** The amount fills the attribute its type code names (salary or non-salary part, and the like). */
const BY_TYPE: FieldAttributes = {};

const ACCRUALS: Readonly<Record<string, FieldAttributes>> = {
  basic_salary: { amount: 'SueldoTrabajado' },
  transport_allowance: BY_TYPE,
  overtime_and_surcharges: { start_date: 'HoraInicio', end_date: 'HoraFin', quantity: 'Cantidad', percentage: 'Porcentaje', amount: 'Pago' },
  vacations: { ...DATES, ...PAID },
  compensated_vacations: PAID,
  bonuses: { ...PAID, non_salary_amount: 'PagoNS' },
  severance: { amount: 'Pago', percentage: 'Porcentaje', interest_amount: 'PagoIntereses' },
  incapacities: { ...DATES, quantity: 'Cantidad', type_code: 'Tipo', amount: 'Pago' },
  licenses: { ...DATES, ...PAID },
  bonifications: BY_TYPE,
  aids: BY_TYPE,
  legal_strikes: { ...DATES, quantity: 'Cantidad' },
  other_concepts: { description: 'DescripcionConcepto' },
  compensations: BY_TYPE,
  food_and_service_vouchers: BY_TYPE,
};

const DEDUCTIONS: Readonly<Record<string, FieldAttributes>> = {
  health: CONTRIBUTION,
  pension: CONTRIBUTION,
  pension_solidarity_fund: { percentage: 'Porcentaje', amount: 'DeduccionSP', subsistence_percentage: 'PorcentajeSub', subsistence_amount: 'DeduccionSub' },
  unions: CONTRIBUTION,
  sanctions: BY_TYPE,
  payroll_loans: { description: 'Descripcion', amount: 'Deduccion' },
};

export function conceptAttributes(kind: ConceptKind, name: string): FieldAttributes | undefined {
  return (kind === 'accrual' ? ACCRUALS : DEDUCTIONS)[name];
}

/** Compensacion and Sancion require both of their attributes; the one an entry does not fill is written 0.00. */
export const BOTH_TYPE_ATTRIBUTES_REQUIRED: ReadonlySet<string> = new Set(['compensations', 'sanctions']);
