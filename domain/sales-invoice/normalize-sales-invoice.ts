import type { SalesInvoiceBody } from './sales-invoice-body.ts';

/** Fills the documented defaults, so the recorded document states every value it was issued with. */
export function normalizeSalesInvoice(body: SalesInvoiceBody): SalesInvoiceBody {
  const { customer } = body;
  return {
    ...body,
    ...(customer && {
      customer: {
        ...customer,
        tribute_code: customer.tribute_code ?? 'ZZ',
        country_code: customer.country_code ?? 'CO',
        responsibilities: customer.responsibilities ?? ['R-99-PN'],
      },
    }),
    items: (body.items ?? []).map((item) => ({
      ...item,
      discount_rate: item.discount_rate ?? '0.00',
      unit_measure_code: item.unit_measure_code ?? '94',
      standard_code: item.standard_code ?? '999',
      taxes: item.taxes ?? [],
    })),
  };
}
