import type {
  SupportDocumentBody,
  SupportDocumentItem,
  SupportDocumentProvider,
} from '../../../domain/support-document/support-document-body.ts';
import type { SalesInvoiceItemTax } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import type { WithholdingTax } from '../../../domain/withholdings/withholding-tax.ts';
import { IVA19 } from '../sales-invoice/item.ts';

export const RETE_RENTA_3_5: WithholdingTax = { code: '06', rate: '3.50' };
export const RETE_IVA_15: WithholdingTax = { code: '05', rate: '15.00' };

/** The provider of the Factus DS example (reference §1.7): NIT 2343543-7 (V10), San Gil. */
export function validProvider(): SupportDocumentProvider {
  return {
    identification_document_code: '31',
    identification: '2343543',
    dv: '7',
    names: 'Pepito Perez',
    address: 'calle 4',
    country_code: 'CO',
    municipality_code: '68679',
    legal_organization: '1',
  };
}

/** A support document line; by default the Factus DS example line: 2 × 50000, 20 % discount, IVA 19 %, ReteRenta 3.5 %. */
export function supportDocumentItem(
  price = '50000.00',
  quantity = '2.00',
  taxes: SalesInvoiceItemTax[] = [IVA19],
  withholding_taxes: WithholdingTax[] = [RETE_RENTA_3_5],
  discount_rate = '20.00',
): SupportDocumentItem {
  return {
    code_reference: '12345',
    name: 'producto de prueba',
    quantity,
    price,
    discount_rate,
    unit_measure_code: '94',
    standard_code: '999',
    taxes,
    withholding_taxes,
  };
}

/**
 * The Factus DS example in the seed's shape. Its payments (40000 + 40000) do not add up to its own payable amount
 * (80000 + IVA 15200 = 95200; withholdings do not reduce it), so they are 47600 cash + 47600 on credit here.
 */
export function validSupportDocumentBody(): SupportDocumentBody {
  return {
    provider: validProvider(),
    items: [supportDocumentItem()],
    payment_details: [
      { payment_form: '1', payment_method_code: '42', reference_code: 'pago-002', amount: '47600.00' },
      { payment_form: '2', payment_method_code: '10', reference_code: 'pago-003', amount: '47600.00', due_date: '2026-05-25' },
    ],
    observation: '',
  };
}
