import type { PayrollBody } from '../../../domain/payroll/payroll-body.ts';
import { validPayrollBody } from '../../domain/payroll/valid-payroll-body.ts';

const amount = (value: string) => ({ amount: value });

/** A payroll that uses every one of the 42 concepts, typed entries out of XSD order, every type of each typed one. */
export function allConceptsPayrollBody(): PayrollBody {
  const body = validPayrollBody();
  return {
    ...body,
    accruals: {
      basic_salary: amount('2800000.00'),
      transport_allowance: [amount('100000.00'), { type_code: '3', amount: '25000.00' }, { type_code: '2', amount: '50000.00' }],
      overtime_and_surcharges: [
        { type_code: '7', quantity: 1, percentage: '110.00', amount: '23000.00' },
        { type_code: '1', quantity: 2, percentage: '25.00', amount: '30000.00', start_date: '2026-05-06T18:00:00', end_date: '2026-05-06T20:00:00' },
        { type_code: '3', quantity: 1, percentage: '35.00', amount: '14000.00', start_date: '2026-05-07', end_date: '2026-05-07' },
        { type_code: '2', quantity: 1, percentage: '75.00', amount: '20000.00' },
        { type_code: '4', quantity: 1, percentage: '100.00', amount: '23500.00' },
        { type_code: '5', quantity: 1, percentage: '75.00', amount: '20500.00' },
        { type_code: '6', quantity: 1, percentage: '150.00', amount: '29000.00' },
      ],
      vacations: [{ start_date: '2026-05-10', end_date: '2026-05-12', quantity: 3, amount: '280000.00' }],
      compensated_vacations: [{ quantity: 2, amount: '180000.00' }],
      bonuses: { quantity: 30, amount: '100000.00', non_salary_amount: '10000.00' },
      severance: { amount: '200000.00', percentage: '12.00', interest_amount: '24000.00' },
      incapacities: [{ type_code: '1', start_date: '2026-05-02', end_date: '2026-05-03', quantity: 2, amount: '90000.00' }],
      licenses: [{ type_code: '3', quantity: 1 }, { type_code: '1', quantity: 5, amount: '400000.00' }, { type_code: '2', quantity: 1, amount: '90000.00' }],
      bonifications: [{ type_code: '1', amount: '10000.00' }, { type_code: '2', amount: '20000.00' }],
      aids: [{ type_code: '2', amount: '15000.00' }],
      legal_strikes: [{ quantity: 1 }],
      other_concepts: [{ description: 'Prima técnica', type_code: '1', amount: '12000.00' }],
      compensations: [{ type_code: '1', amount: '5000.00' }],
      food_and_service_vouchers: [{ type_code: '3', amount: '40000.00' }],
      commissions: [amount('300000.00')],
      third_party_payments: [amount('1000.00')],
      advances: [amount('2000.00')],
      endowment: amount('50000.00'),
      sustenance_support: amount('1000.00'),
      telework: amount('3000.00'),
      retirement_bonus: amount('4000.00'),
      compensation_for_dismissal: amount('5000.00'),
      refund: amount('6000.00'),
    },
    deductions: {
      health: { percentage: '4.00', amount: '127181.82' },
      pension: { percentage: '4.00', amount: '127181.82' },
      pension_solidarity_fund: { percentage: '1.00', amount: '31795.45', subsistence_percentage: '0.50', subsistence_amount: '15897.73' },
      unions: [{ percentage: '1.00', amount: '28000.00' }],
      sanctions: [{ type_code: '2', amount: '10000.00' }],
      payroll_loans: [{ description: 'Crédito de vivienda', amount: '150000.00' }],
      third_party_payments: [amount('1100.00')],
      advances: [amount('2200.00')],
      other_deductions: [amount('3300.00')],
      voluntary_pension: amount('4400.00'),
      withholding_tax: amount('5500.00'),
      afc_savings: amount('6600.00'),
      cooperative: amount('7700.00'),
      tax_garnishment: amount('8800.00'),
      complementary_plans: amount('9900.00'),
      education: amount('1200.00'),
      refund: amount('1300.00'),
      debt: amount('1400.00'),
    },
  };
}
