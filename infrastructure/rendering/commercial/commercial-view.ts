import type { ResolvedReference } from '../../../domain/documents/document-family.ts';
import type { BillingPeriod } from '../../../domain/notes/note-body.ts';
import type { SalesInvoiceItem, SalesInvoicePaymentDetail } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import type { LineTotals, SalesInvoiceTotals } from '../../../domain/sales-invoice/sales-invoice-totals.ts';
import type { WithholdingSubtotal } from '../../../domain/withholdings/withholding-tax.ts';

export interface AddressView {
  countryCode: string;
  countryName: string;
  municipalityCode?: string;
  cityName?: string;
  departmentCode?: string;
  departmentName?: string;
  line?: string;
  postalZone?: string;
}

/** A party as DIAN documents describe it, whichever body field it came from (issuer, customer, provider). */
export interface PartyView {
  /** AdditionalAccountID: 1 legal person, 2 natural person. */
  organization?: string;
  /** Identification document type (schemeName), e.g. 31 NIT. */
  documentType: string;
  identification: string;
  /** Check digit, only for a NIT. */
  dv?: string;
  registrationName: string;
  tradeName?: string;
  taxLevelCodes: readonly string[];
  taxScheme: { id: string; name: string };
  address: AddressView;
  email?: string;
  phone?: string;
  /** Economic activities (CIIU), cbc:IndustryClassificationCode; only an issuer states them. */
  industryCodes?: readonly string[];
  /** Commercial registration (matrícula mercantil), in PartyLegalEntity's CorporateRegistrationScheme. */
  registrationNumber?: string;
}

export interface LineView {
  item: SalesInvoiceItem;
  totals: LineTotals;
  withholdings: readonly WithholdingSubtotal[];
}

/** The correction a note states: its concept and, for a note without an invoice, the period it corrects. */
export interface CorrectionView {
  concept: string;
  conceptName: string;
  billingPeriod?: BillingPeriod;
}

/** What the UBL XML and the PDF of an invoice, note, support document or adjustment note show. */
export interface CommercialView {
  supplier: PartyView;
  customer: PartyView;
  lines: readonly LineView[];
  totals: SalesInvoiceTotals;
  withholdings: readonly WithholdingSubtotal[];
  withholdingTotal: string;
  payments: readonly SalesInvoicePaymentDetail[];
  observation?: string;
  correction?: CorrectionView;
  reference: ResolvedReference | null;
}
