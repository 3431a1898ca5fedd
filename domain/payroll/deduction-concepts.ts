import type { ConceptCardinality, PayrollConcept } from './payroll-concept.ts';
import { SANCTION_TYPES } from './payroll-type-codes.ts';

const deduction = (concept: Omit<PayrollConcept, 'kind'>): PayrollConcept => ({ kind: 'deduction', ...concept });

/** A concept whose DIAN element is a bare decimal: an entry is {amount}. */
const amountOnly = (name: string, label: string, dianElement: string, cardinality: ConceptCardinality) =>
  deduction({ name, label, dianElement, cardinality, fields: { amount: 'required' } });

const REQUIRED_BY_LAW = 'is required by law';

/** Deducciones of NominaIndividual (XSD v1.0.6, reference §9.2), in XSD order: 18 concepts. */
export const DEDUCTION_CONCEPTS: readonly PayrollConcept[] = [
  deduction({
    name: 'health',
    label: 'Salud (aporte del trabajador)',
    dianElement: 'Deducciones/Salud',
    cardinality: 'one',
    fields: { percentage: 'required', amount: 'required' },
    requiredMessage: REQUIRED_BY_LAW,
  }),
  deduction({
    name: 'pension',
    label: 'Fondo de pensión (aporte del trabajador)',
    dianElement: 'Deducciones/FondoPension',
    cardinality: 'one',
    fields: { percentage: 'required', amount: 'required' },
    requiredMessage: REQUIRED_BY_LAW,
  }),
  deduction({
    name: 'pension_solidarity_fund',
    label: 'Fondo de solidaridad pensional: solidaridad y subsistencia',
    dianElement: 'Deducciones/FondoSP',
    cardinality: 'one',
    fields: {
      percentage: 'optional', amount: 'optional',
      subsistence_percentage: 'optional', subsistence_amount: 'optional',
    },
    constraints: [
      { kind: 'at_least_one', fields: ['amount', 'subsistence_amount'] },
      { kind: 'together', fields: ['percentage', 'amount'] },
      { kind: 'together', fields: ['subsistence_percentage', 'subsistence_amount'] },
    ],
  }),
  deduction({
    name: 'unions',
    label: 'Sindicatos',
    dianElement: 'Deducciones/Sindicatos/Sindicato',
    cardinality: 'many',
    fields: { percentage: 'required', amount: 'required' },
  }),
  deduction({
    name: 'sanctions',
    label: 'Sanciones públicas y privadas',
    dianElement: 'Deducciones/Sanciones/Sancion',
    cardinality: 'many',
    fields: { type_code: 'required', amount: 'required' },
    typeCodes: SANCTION_TYPES,
  }),
  deduction({
    name: 'payroll_loans',
    label: 'Libranzas, con descripción',
    dianElement: 'Deducciones/Libranzas/Libranza',
    cardinality: 'many',
    fields: { description: 'required', amount: 'required' },
  }),
  amountOnly('third_party_payments', 'Pagos a terceros', 'Deducciones/PagosTerceros/PagoTercero', 'many'),
  amountOnly('advances', 'Anticipos', 'Deducciones/Anticipos/Anticipo', 'many'),
  amountOnly('other_deductions', 'Otras deducciones', 'Deducciones/OtrasDeducciones/OtraDeduccion', 'many'),
  amountOnly('voluntary_pension', 'Pensión voluntaria', 'Deducciones/PensionVoluntaria', 'one'),
  amountOnly('withholding_tax', 'Retención en la fuente', 'Deducciones/RetencionFuente', 'one'),
  amountOnly('afc_savings', 'Ahorro fomento a la construcción (AFC)', 'Deducciones/AFC', 'one'),
  amountOnly('cooperative', 'Cooperativa', 'Deducciones/Cooperativa', 'one'),
  amountOnly('tax_garnishment', 'Embargo fiscal', 'Deducciones/EmbargoFiscal', 'one'),
  amountOnly('complementary_plans', 'Planes complementarios de salud', 'Deducciones/PlanComplementarios', 'one'),
  amountOnly('education', 'Educación', 'Deducciones/Educacion', 'one'),
  amountOnly('refund', 'Reintegro', 'Deducciones/Reintegro', 'one'),
  amountOnly('debt', 'Deuda', 'Deducciones/Deuda', 'one'),
];
