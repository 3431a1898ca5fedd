import type { WithholdingTax } from '../withholdings/withholding-tax.ts';

/** Sales invoice body as the client sends it (seed 000). Amounts, quantities and rates are decimal strings. */
export type SalesInvoiceBody = {
  /** Required; optional here so that an absent value reaches the rules as an issue. */
  customer?: SalesInvoiceCustomer;
  /** At least one item. */
  items?: SalesInvoiceItem[];
  /** At least one payment detail. */
  payment_details?: SalesInvoicePaymentDetail[];
  observation?: string;
};

export type SalesInvoiceCustomer = {
  identification_document_code: string;
  identification: string;
  /** NIT check digit; computed when omitted. */
  dv?: string;
  legal_organization: string;
  company?: string;
  names?: string;
  trade_name?: string;
  address?: string;
  email?: string;
  phone?: string;
  /** 01 IVA or ZZ No aplica; the provider defaults to ZZ. */
  tribute_code?: string;
  /** ISO 3166-1 alpha-2; Colombia when omitted. */
  country_code?: string;
  /** The provider defaults to ["R-99-PN"]. */
  responsibilities?: string[];
  municipality_code?: string;
};

export type SalesInvoiceItem = {
  code_reference?: string;
  name?: string;
  quantity: string;
  /** Unit price without taxes and before the discount. */
  price: string;
  /** Percentage, 0 when omitted. */
  discount_rate?: string;
  unit_measure_code: string;
  standard_code: string;
  taxes?: SalesInvoiceItemTax[];
  /**
   * Withholdings on the line (05 ReteIVA, 06 ReteRenta): informative on a sales invoice, applied to the provider on a
   * support document; refused on credit and debit notes, whose DIAN XML has no place for them.
   */
  withholding_taxes?: WithholdingTax[];
};

export type SalesInvoiceItemTax = {
  code: string;
  /** Percentage, e.g. "19.00". */
  rate: string;
};

export type SalesInvoicePaymentDetail = {
  payment_form: string;
  payment_method_code: string;
  reference_code?: string;
  amount: string;
  /** YYYY-MM-DD; required when payment_form is 2 (credit). */
  due_date?: string;
};
