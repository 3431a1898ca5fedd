import type { SalesInvoiceBody } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import { IVA19, item } from './item.ts';

/** The provider's documented example (reference §1.4) in the seed's shape: total 83300.00. */
export function validSalesInvoiceBody(): SalesInvoiceBody {
  return {
    customer: {
      identification_document_code: '31',
      identification: '900825759',
      dv: '7',
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
    items: [item('10000.00', '1.00', [IVA19]), item('20000.00', '3.00', [IVA19])],
    payment_details: [{ payment_form: '1', payment_method_code: '42', reference_code: 'pago-001', amount: '83300' }],
    observation: 'Observación de prueba',
  };
}
