import { commercialViewOf } from './commercial/commercial-view-of.ts';
import { nominaAjusteXml } from './payroll/nomina-ajuste-xml.ts';
import { nominaXml } from './payroll/nomina-xml.ts';
import type { RenderContext } from './render-context.ts';
import { creditNoteXml } from './ubl/credit-note-xml.ts';
import { debitNoteXml } from './ubl/debit-note-xml.ts';
import { invoiceXml } from './ubl/invoice-xml.ts';

/** The document's own XML: UBL for invoices, notes and support documents; DIAN's payroll schemas for payroll. */
export function documentXml(context: RenderContext): string {
  switch (context.family.name) {
    case 'payroll':
      return nominaXml(context);
    case 'payroll-adjustment':
      return nominaAjusteXml(context);
    case 'credit-note':
    case 'adjustment-note':
      return creditNoteXml(context, commercialViewOf(context.document));
    case 'debit-note':
      return debitNoteXml(context, commercialViewOf(context.document));
    case 'sales-invoice':
    case 'support-document':
      return invoiceXml(context, commercialViewOf(context.document));
  }
}
