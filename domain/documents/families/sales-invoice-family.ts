import { normalizeSalesInvoice } from '../../sales-invoice/normalize-sales-invoice.ts';
import { checkSalesInvoiceRules } from '../../sales-invoice/issuance-rules.ts';
import type { SalesInvoiceBody } from '../../sales-invoice/sales-invoice-body.ts';
import { computeTotals } from '../../sales-invoice/totals.ts';
import type { DocumentFamily } from '../document-family.ts';
import { partyOf } from './party-of.ts';

export const salesInvoiceFamily: DocumentFamily = {
  name: 'sales-invoice',
  streamCategory: 'salesInvoice',
  uniqueCodeName: 'cufe',
  typeCode: '01',
  checkRules: (body) => checkSalesInvoiceRules(body as SalesInvoiceBody),
  normalize: (body) => normalizeSalesInvoice(body as SalesInvoiceBody) as Record<string, unknown>,
  computeTotals: (body) => computeTotals((body as SalesInvoiceBody).items ?? []) as unknown as Record<string, unknown>,
  counterparty: (body) => partyOf(body.customer),
  reference: () => null,
  voidsReference: () => false,
};
