import type { SalesInvoiceItem, SalesInvoiceItemTax } from '../../../domain/sales-invoice/sales-invoice-body.ts';

/** A valid line: 1 × price, no discount, unit 94, standard 999. */
export function item(price: string, quantity = '1.00', taxes: SalesInvoiceItemTax[] = [], discount_rate = '0.00'): SalesInvoiceItem {
  return {
    code_reference: 'PROD',
    name: 'Producto',
    quantity,
    price,
    discount_rate,
    unit_measure_code: '94',
    standard_code: '999',
    taxes,
  };
}

export const IVA19: SalesInvoiceItemTax = { code: '01', rate: '19.00' };
export const IVA5: SalesInvoiceItemTax = { code: '01', rate: '5.00' };
export const INC8: SalesInvoiceItemTax = { code: '04', rate: '8.00' };
