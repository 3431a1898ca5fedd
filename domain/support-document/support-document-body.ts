import type { SalesInvoiceItem, SalesInvoicePaymentDetail } from '../sales-invoice/sales-invoice-body.ts';

/** Support document body (seed 000): a purchase from a provider not obliged to invoice. */
export type SupportDocumentBody = {
  /** Required; the seller. */
  provider?: SupportDocumentProvider;
  /** At least one item. */
  items?: SupportDocumentItem[];
  /** At least one payment detail, adding up to the payable amount. */
  payment_details?: SalesInvoicePaymentDetail[];
  /** At most 250 characters. */
  observation?: string;
};

export type SupportDocumentProvider = {
  /** Provider catalog: 21, 22, 31, 41, 42, 47, 50 (not 13). */
  identification_document_code: string;
  identification: string;
  /** NIT check digit; verified when the code is 31. */
  dv?: string;
  /** Required: the provider's full name or business name. */
  names: string;
  /** Required. */
  address: string;
  trade_name?: string;
  /** 1 legal person, 2 natural person; optional (the provider's examples send it). */
  legal_organization?: string;
  /** ISO 3166-1 alpha-2; Colombia when omitted. */
  country_code?: string;
  /** DIVIPOLA, checked when the country is Colombia. */
  municipality_code?: string;
  email?: string;
  phone?: string;
  /** Never admitted: a provider carries no fiscal responsibilities. Typed so that the rule can refuse it. */
  responsibilities?: unknown;
  /** Never admitted: a provider carries no tribute code. Typed so that the rule can refuse it. */
  tribute_code?: unknown;
};

/** A sales-invoice line whose only admitted tax is 01 IVA; its withholdings are applied to the provider. */
export type SupportDocumentItem = SalesInvoiceItem;
