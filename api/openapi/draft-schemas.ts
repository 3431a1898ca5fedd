import { salesInvoiceSchemas } from './sales-invoice-schemas.ts';

const SCHEMAS = '#/components/schemas/';

/** The same schema with nothing required and no minimum counts: a draft may be incomplete, never mistyped. */
function relaxed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(relaxed);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'required' || key === 'minItems') continue;
    copy[key] = key === '$ref' && typeof value === 'string' ? value.replace(SCHEMAS, `${SCHEMAS}Draft`) : relaxed(value);
  }
  return copy;
}

/** DraftSalesInvoiceBody, DraftCustomer, ...: what POST /v1/invoices and PATCH /v1/invoices/{id} accept. */
export const draftSchemas: Record<string, unknown> = Object.fromEntries(
  Object.entries(salesInvoiceSchemas).map(([name, schema]) => [`Draft${name}`, relaxed(schema)]),
);
