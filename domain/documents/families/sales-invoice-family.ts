import { checkSalesInvoiceRules } from '../../sales-invoice/issuance-rules.ts';
import { normalizeSalesInvoice } from '../../sales-invoice/normalize-sales-invoice.ts';
import type { SalesInvoiceBody } from '../../sales-invoice/sales-invoice-body.ts';
import type { SalesInvoiceTotals } from '../../sales-invoice/sales-invoice-totals.ts';
import { computeSalesInvoiceTotals } from '../../sales-invoice/totals.ts';
import { defineFamily } from './define-family.ts';

export const salesInvoiceFamily = defineFamily<SalesInvoiceBody, SalesInvoiceTotals>({
  name: 'sales-invoice',
  streamCategory: 'salesInvoice',
  uniqueCodeName: 'cufe',
  typeCode: '01',
  rules: checkSalesInvoiceRules,
  normalize: normalizeSalesInvoice,
  totals: (body) => computeSalesInvoiceTotals(body.items ?? []),
  counterparty: 'customer',
});
