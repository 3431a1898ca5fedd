import { PERIODO_NOMINA } from './generated/periodo-nomina.ts';

/** DIAN PeriodoNomina (reference §9.1): 1 semanal … 5 mensual, 6 otro. */
export const PAYROLL_PERIODS: ReadonlyMap<string, string> = PERIODO_NOMINA;
