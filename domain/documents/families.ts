import { computeTotals } from '../sales-invoice/totals.ts';
import { checkSalesInvoiceRules } from '../sales-invoice/issuance-rules.ts';
import { normalizeSalesInvoice } from '../sales-invoice/normalize-sales-invoice.ts';
import type { SalesInvoiceBody } from '../sales-invoice/sales-invoice-body.ts';
import type { DocumentFamily, DocumentFamilyName } from './document-family.ts';

export const salesInvoiceFamily: DocumentFamily = {
  name: 'sales-invoice',
  streamCategory: 'salesInvoice',
  uniqueCodeName: 'cufe',
  typeCode: '01',
  checkRules: (body) => checkSalesInvoiceRules(body as SalesInvoiceBody),
  normalize: (body) => normalizeSalesInvoice(body as SalesInvoiceBody) as Record<string, unknown>,
  computeTotals: (body) => computeTotals((body as SalesInvoiceBody).items ?? []) as unknown as Record<string, unknown>,
  counterparty: (body) => {
    const customer = ((body as SalesInvoiceBody).customer ?? {}) as Record<string, unknown>;
    const name = String(customer.company ?? customer.names ?? customer.trade_name ?? '');
    return { identification: String(customer.identification ?? ''), name };
  },
};

export const FAMILIES: Record<DocumentFamilyName, DocumentFamily> = {
  'sales-invoice': salesInvoiceFamily,
};

export function familyOfStream(streamId: string): DocumentFamily | undefined {
  const category = streamId.slice(0, streamId.indexOf('-'));
  return Object.values(FAMILIES).find((family) => family.streamCategory === category);
}

export function documentStreamId(family: DocumentFamily, documentId: string): string {
  return `${family.streamCategory}-${documentId}`;
}
