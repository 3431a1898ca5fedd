import type { SalesInvoiceCustomer } from '../../../../domain/sales-invoice/sales-invoice-body.ts';
import type { SupportDocumentProvider } from '../../../../domain/support-document/support-document-body.ts';
import { compact } from './compact.ts';

/** The acquirer (reference §1.4 customer): v2 takes DIAN codes, so only `legal_organization` is renamed. */
export function customerBody(customer: SalesInvoiceCustomer): Record<string, unknown> {
  return compact({
    identification_document_code: customer.identification_document_code,
    identification: customer.identification,
    dv: customer.dv,
    company: customer.company,
    trade_name: customer.trade_name,
    names: customer.names,
    address: customer.address,
    email: customer.email,
    phone: customer.phone,
    legal_organization_code: customer.legal_organization,
    tribute_code: customer.tribute_code,
    country_code: customer.country_code,
    responsibilities: customer.responsibilities,
    municipality_code: customer.municipality_code,
  });
}

/** The seller of a support document (§1.7 provider): no responsibilities nor tribute code. */
export function sellerBody(provider: SupportDocumentProvider): Record<string, unknown> {
  return compact({
    identification_document_code: provider.identification_document_code,
    identification: provider.identification,
    dv: provider.dv,
    trade_name: provider.trade_name,
    names: provider.names,
    address: provider.address,
    email: provider.email,
    phone: provider.phone,
    legal_organization_code: provider.legal_organization,
    country_code: provider.country_code,
    municipality_code: provider.municipality_code,
  });
}
