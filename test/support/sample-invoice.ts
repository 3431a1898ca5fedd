import { nitCheckDigit } from '../../domain/shared/nit-check-digit.ts';

/** The Factus documentation example (reference §1.4): 1×10000 + 3×20000 with IVA 19% → payable 83300.00. */
export function sampleInvoice(overrides: { identification?: string; observation?: string } = {}): Record<string, any> {
  return {
    customer: {
      identification_document_code: '31',
      identification: overrides.identification ?? '123456789',
      dv: nitCheckDigit(overrides.identification ?? '123456789'),
      legal_organization: '1',
      company: 'Alan company name',
      trade_name: 'Alan trade name',
      address: 'calle 1 # 1-1',
      email: 'alan.company@email.com',
      phone: '1234567890',
      tribute_code: 'ZZ',
      country_code: 'CO',
      responsibilities: ['R-99-PN'],
      municipality_code: '68679',
    },
    items: [
      { code_reference: 'PROD-000A', name: 'Producto A', quantity: '1.00', discount_rate: '0.00', price: '10000.00', unit_measure_code: '94', standard_code: '999', taxes: [{ code: '01', rate: '19.00' }] },
      { code_reference: 'PROD-000B', name: 'Producto B', quantity: '3.00', discount_rate: '0.00', price: '20000.00', unit_measure_code: '94', standard_code: '999', taxes: [{ code: '01', rate: '19.00' }] },
    ],
    payment_details: [{ payment_form: '1', payment_method_code: '42', reference_code: 'pago-001', amount: '83300.00' }],
    ...(overrides.observation && { observation: overrides.observation }),
  };
}
