import type { PayrollTypeCode } from './payroll-concept.ts';

const overtime = (code: string, abbreviation: string, name: string, percentage: string): PayrollTypeCode => ({
  code,
  name: `${abbreviation} ${name}`,
  percentage,
  dianElement: `Devengados/${abbreviation}s/${abbreviation}`,
});

/** Hora extra / recargo 1–7 with the percentage DIAN fixes for each (reference §9.1). */
export const OVERTIME_TYPES: readonly PayrollTypeCode[] = [
  overtime('1', 'HED', 'Hora extra diurna', '25.00'),
  overtime('2', 'HEN', 'Hora extra nocturna', '75.00'),
  overtime('3', 'HRN', 'Hora recargo nocturno', '35.00'),
  overtime('4', 'HEDDF', 'Hora extra diurna dominical y festivos', '100.00'),
  overtime('5', 'HRDDF', 'Hora recargo diurno dominical y festivos', '75.00'),
  overtime('6', 'HENDF', 'Hora extra nocturna dominical y festivos', '150.00'),
  overtime('7', 'HRNDF', 'Hora recargo nocturno dominical y festivos', '110.00'),
];

/** Which attribute of Devengados/Transporte the amount fills (provider tra[] types 1–3). */
export const TRANSPORT_TYPES: readonly PayrollTypeCode[] = [
  { code: '1', name: 'Auxilio de transporte', dianElement: 'Devengados/Transporte/@AuxilioTransporte' },
  { code: '2', name: 'Viáticos de manutención y alojamiento salariales', dianElement: 'Devengados/Transporte/@ViaticoManuAlojS' },
  { code: '3', name: 'Viáticos de manutención y alojamiento no salariales', dianElement: 'Devengados/Transporte/@ViaticoManuAlojNS' },
];

/** Incapacidad/@Tipo (reference §9.1). */
export const INCAPACITY_TYPES: readonly PayrollTypeCode[] = [
  { code: '1', name: 'Común', dianElement: 'Devengados/Incapacidades/Incapacidad' },
  { code: '2', name: 'Profesional', dianElement: 'Devengados/Incapacidades/Incapacidad' },
  { code: '3', name: 'Laboral', dianElement: 'Devengados/Incapacidades/Incapacidad' },
];

/** The three license elements; an unpaid license (LicenciaNR) has no Pago, so it admits no amount. */
export const LICENSE_TYPES: readonly PayrollTypeCode[] = [
  {
    code: '1', name: 'Licencia de maternidad o paternidad', dianElement: 'Devengados/Licencias/LicenciaMP',
    fields: { amount: 'required' },
  },
  { code: '2', name: 'Licencia remunerada', dianElement: 'Devengados/Licencias/LicenciaR', fields: { amount: 'required' } },
  { code: '3', name: 'Licencia no remunerada', dianElement: 'Devengados/Licencias/LicenciaNR', fields: { amount: 'not_admitted' } },
];

/** 1 salarial, 2 no salarial: which of the element's two attributes the amount fills. */
export function salarySplitTypes(element: string, salaryAttribute: string, nonSalaryAttribute: string): PayrollTypeCode[] {
  return [
    { code: '1', name: 'Salarial', dianElement: `${element}/@${salaryAttribute}` },
    { code: '2', name: 'No salarial', dianElement: `${element}/@${nonSalaryAttribute}` },
  ];
}

const VOUCHER = 'Devengados/BonoEPCTVs/BonoEPCTV';

/** Bonos electrónicos o de papel de servicio, cheques, tarjetas, vales (provider bono[] types 1–4). */
export const FOOD_AND_SERVICE_VOUCHER_TYPES: readonly PayrollTypeCode[] = [
  { code: '1', name: 'Pago salarial en bonos o vales', dianElement: `${VOUCHER}/@PagoS` },
  { code: '2', name: 'Pago no salarial en bonos o vales', dianElement: `${VOUCHER}/@PagoNS` },
  { code: '3', name: 'Alimentación salarial en bonos o vales', dianElement: `${VOUCHER}/@PagoAlimentacionS` },
  { code: '4', name: 'Alimentación no salarial en bonos o vales', dianElement: `${VOUCHER}/@PagoAlimentacionNS` },
];

/** Compensacion carries both attributes; the other one is written as 0.00. */
export const COMPENSATION_TYPES: readonly PayrollTypeCode[] = [
  { code: '1', name: 'Compensación ordinaria', dianElement: 'Devengados/Compensaciones/Compensacion/@CompensacionO' },
  { code: '2', name: 'Compensación extraordinaria', dianElement: 'Devengados/Compensaciones/Compensacion/@CompensacionE' },
];

/** Sancion carries both attributes; the other one is written as 0.00. */
export const SANCTION_TYPES: readonly PayrollTypeCode[] = [
  { code: '1', name: 'Sanción pública', dianElement: 'Deducciones/Sanciones/Sancion/@SancionPublic' },
  { code: '2', name: 'Sanción privada', dianElement: 'Deducciones/Sanciones/Sancion/@SancionPriv' },
];
