import type { ConceptCardinality, PayrollConcept } from './payroll-concept.ts';
import {
  COMPENSATION_TYPES,
  FOOD_AND_SERVICE_VOUCHER_TYPES,
  INCAPACITY_TYPES,
  LICENSE_TYPES,
  OVERTIME_TYPES,
  TRANSPORT_TYPES,
  salarySplitTypes,
} from './payroll-type-codes.ts';

const accrual = (concept: Omit<PayrollConcept, 'kind'>): PayrollConcept => ({ kind: 'accrual', ...concept });

/** A concept whose DIAN element is a bare decimal: an entry is {amount}. */
const amountOnly = (name: string, label: string, dianElement: string, cardinality: ConceptCardinality) =>
  accrual({ name, label, dianElement, cardinality, fields: { amount: 'required' } });

const alternatives = (prefix: string, types: readonly { dianElement: string }[]) =>
  `${prefix}/${types.map((type) => type.dianElement.slice(prefix.length + 1)).join('|')}`;

/** Devengados of NominaIndividual (XSD v1.0.6, reference §9.2), in XSD order: 24 concepts. */
export const ACCRUAL_CONCEPTS: readonly PayrollConcept[] = [
  accrual({
    name: 'basic_salary',
    label: 'Básico (sueldo trabajado; días trabajados de worker.days_worked)',
    dianElement: 'Devengados/Basico',
    cardinality: 'one',
    fields: { amount: 'required' },
    requiredMessage: 'is required',
  }),
  accrual({
    name: 'transport_allowance',
    label: 'Auxilio de transporte y viáticos de manutención y alojamiento',
    dianElement: 'Devengados/Transporte',
    cardinality: 'many',
    fields: { type_code: 'optional', amount: 'required' },
    typeCodes: TRANSPORT_TYPES,
    defaultTypeCode: '1',
  }),
  accrual({
    name: 'overtime_and_surcharges',
    label: 'Horas extras y recargos',
    dianElement: alternatives('Devengados', OVERTIME_TYPES),
    cardinality: 'many',
    fields: {
      type_code: 'required', quantity: 'required', percentage: 'required', amount: 'required',
      start_date: 'optional', end_date: 'optional',
    },
    fieldTypes: { start_date: 'date_or_date_time', end_date: 'date_or_date_time' },
    typeCodes: OVERTIME_TYPES,
  }),
  accrual({
    name: 'vacations',
    label: 'Vacaciones comunes (disfrutadas)',
    dianElement: 'Devengados/Vacaciones/VacacionesComunes',
    cardinality: 'many',
    fields: { start_date: 'optional', end_date: 'optional', quantity: 'required', amount: 'required' },
  }),
  accrual({
    name: 'compensated_vacations',
    label: 'Vacaciones compensadas (pagadas en dinero)',
    dianElement: 'Devengados/Vacaciones/VacacionesCompensadas',
    cardinality: 'many',
    fields: { quantity: 'required', amount: 'required' },
  }),
  accrual({
    name: 'bonuses',
    label: 'Primas (días, pago salarial y pago no salarial)',
    dianElement: 'Devengados/Primas',
    cardinality: 'one',
    fields: { quantity: 'required', amount: 'required', non_salary_amount: 'optional' },
  }),
  accrual({
    name: 'severance',
    label: 'Cesantías (pago, porcentaje de intereses y pago de intereses)',
    dianElement: 'Devengados/Cesantias',
    cardinality: 'one',
    fields: { amount: 'required', percentage: 'required', interest_amount: 'required' },
  }),
  accrual({
    name: 'incapacities',
    label: 'Incapacidades',
    dianElement: 'Devengados/Incapacidades/Incapacidad',
    cardinality: 'many',
    fields: { type_code: 'required', start_date: 'optional', end_date: 'optional', quantity: 'required', amount: 'required' },
    typeCodes: INCAPACITY_TYPES,
  }),
  accrual({
    name: 'licenses',
    label: 'Licencias de maternidad o paternidad, remuneradas y no remuneradas',
    dianElement: alternatives('Devengados/Licencias', LICENSE_TYPES),
    cardinality: 'many',
    fields: { type_code: 'required', start_date: 'optional', end_date: 'optional', quantity: 'required', amount: 'optional' },
    typeCodes: LICENSE_TYPES,
  }),
  accrual({
    name: 'bonifications',
    label: 'Bonificaciones salariales y no salariales',
    dianElement: 'Devengados/Bonificaciones/Bonificacion',
    cardinality: 'many',
    fields: { type_code: 'required', amount: 'required' },
    typeCodes: salarySplitTypes('Devengados/Bonificaciones/Bonificacion', 'BonificacionS', 'BonificacionNS'),
  }),
  accrual({
    name: 'aids',
    label: 'Auxilios salariales y no salariales',
    dianElement: 'Devengados/Auxilios/Auxilio',
    cardinality: 'many',
    fields: { type_code: 'required', amount: 'required' },
    typeCodes: salarySplitTypes('Devengados/Auxilios/Auxilio', 'AuxilioS', 'AuxilioNS'),
  }),
  accrual({
    name: 'legal_strikes',
    label: 'Huelgas legales (días; sin pago)',
    dianElement: 'Devengados/HuelgasLegales/HuelgaLegal',
    cardinality: 'many',
    fields: { start_date: 'optional', end_date: 'optional', quantity: 'required' },
  }),
  accrual({
    name: 'other_concepts',
    label: 'Otros conceptos salariales y no salariales, con descripción',
    dianElement: 'Devengados/OtrosConceptos/OtroConcepto',
    cardinality: 'many',
    fields: { description: 'required', type_code: 'required', amount: 'required' },
    typeCodes: salarySplitTypes('Devengados/OtrosConceptos/OtroConcepto', 'ConceptoS', 'ConceptoNS'),
  }),
  accrual({
    name: 'compensations',
    label: 'Compensaciones ordinarias y extraordinarias',
    dianElement: 'Devengados/Compensaciones/Compensacion',
    cardinality: 'many',
    fields: { type_code: 'required', amount: 'required' },
    typeCodes: COMPENSATION_TYPES,
  }),
  accrual({
    name: 'food_and_service_vouchers',
    label: 'Bonos electrónicos o de papel de servicio, cheques, tarjetas y vales (BonoEPCTV)',
    dianElement: 'Devengados/BonoEPCTVs/BonoEPCTV',
    cardinality: 'many',
    fields: { type_code: 'required', amount: 'required' },
    typeCodes: FOOD_AND_SERVICE_VOUCHER_TYPES,
  }),
  amountOnly('commissions', 'Comisiones', 'Devengados/Comisiones/Comision', 'many'),
  amountOnly('third_party_payments', 'Pagos a terceros', 'Devengados/PagosTerceros/PagoTercero', 'many'),
  amountOnly('advances', 'Anticipos', 'Devengados/Anticipos/Anticipo', 'many'),
  amountOnly('endowment', 'Dotación', 'Devengados/Dotacion', 'one'),
  amountOnly('sustenance_support', 'Apoyo de sostenimiento', 'Devengados/ApoyoSost', 'one'),
  amountOnly('telework', 'Auxilio de teletrabajo', 'Devengados/Teletrabajo', 'one'),
  amountOnly('retirement_bonus', 'Bonificación por retiro', 'Devengados/BonifRetiro', 'one'),
  amountOnly('compensation_for_dismissal', 'Indemnización', 'Devengados/Indemnizacion', 'one'),
  amountOnly('refund', 'Reintegro', 'Devengados/Reintegro', 'one'),
];
