import type { PayrollEntry } from './payroll-entry.ts';

/** Payroll body as the client sends it (seed 000, "Payroll body (shape)"). Amounts are decimal strings. */
export type PayrollBody = {
  settlement_period: PayrollSettlementPeriod;
  payment: PayrollPayment;
  worker: PayrollWorker;
  /** Keyed by accrual concept names (payroll-concepts.ts); basic_salary is required. */
  accruals: PayrollConceptSection;
  /** Keyed by deduction concept names; health and pension are required by law. */
  deductions: PayrollConceptSection;
  /** At most 250 characters. */
  observation?: string;
};

export type PayrollSettlementPeriod = {
  /** 1–12. */
  month: number;
  /** 2000–2100. */
  year: number;
  /** DIAN PeriodoNomina: 1 semanal, 2 decenal, 3 catorcenal, 4 quincenal, 5 mensual, 6 otro. */
  payroll_period_code: string;
};

export type PayrollPayment = {
  /** DIAN payment means (MediosPago). */
  payment_method_code: string;
  /** bank_name, account_type and account_number are required when the method is 42 or 47. */
  bank_name?: string;
  /** 1 nómina, 2 ahorros, 3 corriente. */
  account_type?: string;
  account_number?: string;
  /** YYYY-MM-DD. */
  payment_date: string;
};

export type PayrollWorker = {
  /** Payroll list of §9.1: 11, 12, 13, 21, 22, 31, 41, 42, 47, 50, 91. */
  identification_document_code: string;
  /** Digits only (the DIAN schema types Trabajador/@NumeroDocumento as an integer). */
  identification_number: string;
  first_name: string;
  /** Middle names (Trabajador/@OtrosNombres); not in the seed, optional. */
  other_names?: string;
  first_surname: string;
  /** May be empty for a worker without a second surname. */
  second_surname: string;
  address: string;
  /** ISO 3166-1 alpha-2 of the place of work. */
  country_code: string;
  /** DIVIPOLA code; required when country_code is CO. */
  municipality_code?: string;
  has_integral_salary: boolean;
  has_high_risk: boolean;
  /** DIAN TipoTrabajador, e.g. "01". */
  worker_type_code: string;
  /** DIAN SubTipoTrabajador "00" or "01"; "00" when omitted. */
  worker_subtype?: string;
  /** DIAN TipoContrato "1"–"5". */
  contract_type: string;
  employee_code?: string;
  /** Monthly salary. */
  salary: string;
  /** YYYY-MM-DD. */
  entry_date: string;
  /** Days worked in the settlement period, 0–31 (Devengados/Basico/@DiasTrabajados). */
  days_worked: number;
};

/** Concept name → one entry (cardinality one) or a list of entries (cardinality many). */
export type PayrollConceptSection = { [concept: string]: PayrollEntry | PayrollEntry[] };
