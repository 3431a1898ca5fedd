import type { PayrollBody } from '../../../domain/payroll/payroll-body.ts';

/**
 * The provider's documented example (reference §1.9) in the seed's shape, with one overtime entry:
 * salary 2,800,000, transport 249,095, commission 300,000, 5 daytime overtime hours 79,545.45;
 * health and pension 4 % of 3,179,545.45 (salary + commission + overtime; transport is not a contribution base).
 */
export function validPayrollBody(): PayrollBody {
  return {
    settlement_period: { month: 5, year: 2026, payroll_period_code: '5' },
    payment: {
      payment_method_code: '42',
      bank_name: 'Bancolombia',
      account_type: '1',
      account_number: '123456789',
      payment_date: '2026-06-05',
    },
    worker: {
      identification_document_code: '13',
      identification_number: '1234567890',
      first_name: 'Mateo',
      first_surname: 'Gonzales',
      second_surname: 'Forero',
      address: 'Cra100 39-100',
      country_code: 'CO',
      municipality_code: '68679',
      has_integral_salary: false,
      has_high_risk: false,
      worker_type_code: '01',
      worker_subtype: '00',
      contract_type: '1',
      employee_code: '001',
      salary: '2800000.00',
      entry_date: '2023-03-15',
      days_worked: 30,
    },
    accruals: {
      basic_salary: { amount: '2800000.00' },
      transport_allowance: [{ amount: '249095.00' }],
      commissions: [{ amount: '300000.00' }],
      overtime_and_surcharges: [{
        type_code: '1',
        quantity: 5,
        percentage: '25.00',
        amount: '79545.45',
        start_date: '2026-05-06T18:00:00',
        end_date: '2026-05-06T23:00:00',
      }],
    },
    deductions: {
      health: { percentage: '4', amount: '127181.82' },
      pension: { percentage: '4.00', amount: '127181.82' },
    },
    observation: 'Nómina de mayo',
  };
}
