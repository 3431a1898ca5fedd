import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';

/** How the graphic representation names the document and the two parties. */
export interface PdfTitles {
  title: string;
  issuerRole: string;
  counterpartyRole: string;
  /** Whether the counterparty is the seller (support documents) rather than the buyer. */
  counterpartyIsSeller: boolean;
}

const SALE = { issuerRole: 'Emisor', counterpartyRole: 'Adquiriente', counterpartyIsSeller: false };
const PURCHASE = { issuerRole: 'Adquiriente (emisor del documento)', counterpartyRole: 'Vendedor (no obligado a facturar)', counterpartyIsSeller: true };

const TITLES: Partial<Record<DocumentFamilyName, PdfTitles>> = {
  'sales-invoice': { title: 'Factura electrónica de venta', ...SALE },
  'credit-note': { title: 'Nota crédito electrónica', ...SALE },
  'debit-note': { title: 'Nota débito electrónica', ...SALE },
  'support-document': { title: 'Documento soporte en adquisiciones a no obligados a facturar', ...PURCHASE },
  'adjustment-note': { title: 'Nota de ajuste al documento soporte', ...PURCHASE },
};

export function pdfTitlesOf(family: DocumentFamilyName): PdfTitles {
  const titles = TITLES[family];
  if (!titles) throw new Error(`${family} has no graphic representation`);
  return titles;
}
