import { DEFAULT_UNIT_MEASURE } from '../catalogs/unit-measures.ts';
import type { SalesInvoiceBody, SalesInvoiceCustomer, SalesInvoiceItem } from './sales-invoice-body.ts';

/** Fills the documented defaults, so the recorded document states every value it was issued with. */
export function normalizeSalesInvoice(body: SalesInvoiceBody): SalesInvoiceBody {
  const { customer } = body;
  return {
    ...body,
    ...(customer && { customer: normalizeCustomer(customer) }),
    items: (body.items ?? []).map(normalizeItem),
  };
}

/** Customer defaults: tribute ZZ, country CO, responsibilities ["R-99-PN"]. */
export function normalizeCustomer(customer: SalesInvoiceCustomer): SalesInvoiceCustomer {
  return {
    ...customer,
    tribute_code: customer.tribute_code ?? 'ZZ',
    country_code: customer.country_code ?? 'CO',
    responsibilities: customer.responsibilities ?? ['R-99-PN'],
  };
}

/** Line defaults: discount 0.00, unit 94, standard 999, no taxes; other fields of the line are kept. */
export function normalizeItem<Item extends SalesInvoiceItem>(item: Item): Item {
  return {
    ...item,
    discount_rate: item.discount_rate ?? '0.00',
    unit_measure_code: item.unit_measure_code ?? DEFAULT_UNIT_MEASURE,
    standard_code: item.standard_code ?? '999',
    taxes: item.taxes ?? [],
  };
}
