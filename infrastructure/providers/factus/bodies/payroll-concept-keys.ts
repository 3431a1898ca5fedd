import type { ConceptKind } from '../../../../domain/payroll/payroll-concept.ts';

/**
 * Factus v2 payroll keys (reference §1.9, §9.2 "Factus accruals.*") of every business concept of
 * domain/payroll/payroll-concepts.ts: 24 accruals and 18 deductions. Common and compensated vacations share `vaca`
 * (types 1 and 2); the 7 overtime and surcharge types share `hora`, the 3 licenses `lice`.
 */
export const FACTUS_CONCEPT_KEYS: Readonly<Record<ConceptKind, Readonly<Record<string, string>>>> = {
  accrual: {
    basic_salary: 'suel',
    transport_allowance: 'tra',
    overtime_and_surcharges: 'hora',
    vacations: 'vaca',
    compensated_vacations: 'vaca',
    bonuses: 'prim',
    severance: 'cesa',
    incapacities: 'inca',
    licenses: 'lice',
    bonifications: 'boni',
    aids: 'auxi',
    legal_strikes: 'huel',
    other_concepts: 'otro',
    compensations: 'comp',
    food_and_service_vouchers: 'bono',
    commissions: 'comi',
    third_party_payments: 'terc',
    advances: 'anti',
    endowment: 'dota',
    sustenance_support: 'apoy',
    telework: 'tele',
    retirement_bonus: 'reti',
    compensation_for_dismissal: 'inde',
    refund: 'rein',
  },
  deduction: {
    health: 'salu',
    pension: 'pens',
    pension_solidarity_fund: 'dedu',
    unions: 'sind',
    sanctions: 'sanc',
    payroll_loans: 'libr',
    third_party_payments: 'terc',
    advances: 'anti',
    other_deductions: 'otra',
    voluntary_pension: 'pevo',
    withholding_tax: 'rete',
    afc_savings: 'afco',
    cooperative: 'coop',
    tax_garnishment: 'emba',
    complementary_plans: 'plan',
    education: 'educ',
    refund: 'rein',
    debt: 'deud',
  },
};

/** Keys Factus takes as one object (`suel`, `prim`, `salu`...); every other key is a list of entries. */
export const FACTUS_SINGLE_KEYS: Readonly<Record<ConceptKind, ReadonlySet<string>>> = {
  accrual: new Set(['suel', 'prim', 'dota', 'apoy', 'tele', 'reti', 'inde', 'rein']),
  deduction: new Set(['salu', 'pens', 'dedu', 'pevo', 'rete', 'afco', 'coop', 'emba', 'plan', 'educ', 'rein', 'deud']),
};
