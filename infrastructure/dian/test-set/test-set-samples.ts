import { nitCheckDigit } from '../../../domain/shared/nit-check-digit.ts';

/**
 * The bodies of habilitación documents: what DIAN's test set checks is the XML, signature and codes, so every document
 * is the same small sale (1×10000 + 3×20000 with IVA 19 % → payable 83300.00) to a fictitious company customer.
 */
const CUSTOMER_NIT = '900123456';

function customer(): Record<string, unknown> {
  return {
    identification_document_code: '31',
    identification: CUSTOMER_NIT,
    dv: nitCheckDigit(CUSTOMER_NIT),
    legal_organization: '1',
    company: 'Cliente de pruebas S.A.S.',
    trade_name: 'Cliente de pruebas',
    address: 'Calle 1 # 1-1',
    email: 'pruebas@example.com',
    phone: '6011234567',
    tribute_code: 'ZZ',
    country_code: 'CO',
    responsibilities: ['R-99-PN'],
    municipality_code: '11001',
  };
}

const line = (code: string, name: string, quantity: string, price: string) => ({
  code_reference: code,
  name,
  quantity,
  discount_rate: '0.00',
  price,
  unit_measure_code: '94',
  standard_code: '999',
  taxes: [{ code: '01', rate: '19.00' }],
});

export function invoiceSample(label: string): Record<string, unknown> {
  return {
    customer: customer(),
    items: [line('PROD-000A', 'Producto A', '1.00', '10000.00'), line('PROD-000B', 'Producto B', '3.00', '20000.00')],
    payment_details: [{ payment_form: '1', payment_method_code: '10', reference_code: label, amount: '83300.00' }],
    observation: `Set de pruebas de habilitación: ${label}`,
  };
}

/** A partial return (credit concept 1) or interest (debit concept 1) on the invoice: its customer comes from the invoice. */
export function noteSample(invoiceNumber: string, label: string): Record<string, unknown> {
  return {
    concept: '1',
    bill_number: invoiceNumber,
    items: [line('PROD-000A', 'Producto A', '1.00', '10000.00')],
    observation: `Set de pruebas de habilitación: ${label}`,
  };
}

/** A month's payroll of one worker (salary 2,800,000 and transport allowance; health and pension 4 %), for the month before `now`. */
export function payrollSample(now: Date, label: string): Record<string, unknown> {
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const paid = now.toISOString().slice(0, 10);
  return {
    settlement_period: { month, year, payroll_period_code: '5' },
    payment: { payment_method_code: '42', bank_name: 'Bancolombia', account_type: '1', account_number: '123456789', payment_date: paid },
    worker: {
      identification_document_code: '13',
      identification_number: '1234567890',
      first_name: 'Mateo',
      first_surname: 'Gonzales',
      second_surname: 'Forero',
      address: 'Cra 100 39-100',
      country_code: 'CO',
      municipality_code: '11001',
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
    accruals: { basic_salary: { amount: '2800000.00' }, transport_allowance: [{ amount: '249095.00' }] },
    deductions: { health: { percentage: '4.00', amount: '112000.00' }, pension: { percentage: '4.00', amount: '112000.00' } },
    observation: `Set de pruebas de habilitación: ${label}`,
  };
}

/** Deletes ("Eliminar") the payroll it names. */
export function payrollAdjustmentSample(payrollNumber: string, label: string): Record<string, unknown> {
  return { payroll_number: payrollNumber, observation: `Set de pruebas de habilitación: ${label}` };
}
