import { ACCRUAL_CONCEPTS } from './accrual-concepts.ts';
import { DEDUCTION_CONCEPTS } from './deduction-concepts.ts';
import type { ConceptKind, PayrollConcept } from './payroll-concept.ts';

/**
 * The catalog of accruals and deductions the product publishes: 42 concepts, 24 accruals and 18 deductions.
 *
 * How 42 is counted: the DIAN XSD v1.0.6 has 50 leaf elements that carry a value, 32 under Devengados
 * (Basico, Transporte, the 7 overtime/surcharge items HED HEN HRN HEDDF HRDDF HENDF HRNDF, VacacionesComunes,
 * VacacionesCompensadas, Primas, Cesantias, Incapacidad, LicenciaMP, LicenciaR, LicenciaNR, Bonificacion, Auxilio,
 * HuelgaLegal, OtroConcepto, Compensacion, BonoEPCTV, Comision, PagoTercero, Anticipo, Dotacion, ApoyoSost,
 * Teletrabajo, BonifRetiro, Indemnizacion, Reintegro) and 18 under Deducciones (Salud, FondoPension, FondoSP,
 * Sindicato, Sancion, Libranza, PagoTercero, Anticipo, OtraDeduccion, PensionVoluntaria, RetencionFuente, AFC,
 * Cooperativa, EmbargoFiscal, PlanComplementarios, Educacion, Reintegro, Deuda). Elements that share one
 * attribute set are one concept told apart by type_code: the 7 overtime/surcharge items are
 * overtime_and_surcharges (50 − 6 = 44) and the 3 licenses are licenses (44 − 2 = 42). Common and compensated
 * vacations stay two concepts because their attributes differ (dates only on the first).
 * Attributes of one element that split salary and non-salary parts (Transporte, Bonificacion, Auxilio,
 * OtroConcepto, Compensacion, BonoEPCTV, Sancion) are told apart by type_code too, one attribute per entry.
 */
export const PAYROLL_CONCEPTS: readonly PayrollConcept[] = [...ACCRUAL_CONCEPTS, ...DEDUCTION_CONCEPTS];

const BY_KIND_AND_NAME = new Map(PAYROLL_CONCEPTS.map((concept) => [key(concept.kind, concept.name), concept]));

/** The concept named `name` among the accruals or the deductions; undefined when there is none. */
export function payrollConcept(kind: ConceptKind, name: string): PayrollConcept | undefined {
  return BY_KIND_AND_NAME.get(key(kind, name));
}

export function conceptsOfKind(kind: ConceptKind): readonly PayrollConcept[] {
  return kind === 'accrual' ? ACCRUAL_CONCEPTS : DEDUCTION_CONCEPTS;
}

function key(kind: ConceptKind, name: string): string {
  return `${kind}:${name}`;
}
