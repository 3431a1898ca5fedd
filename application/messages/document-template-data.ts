import type { DocumentFamily, DocumentFamilyName } from '../../domain/documents/document-family.ts';
import { asFamily } from '../../domain/documents/document-of-family.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';

const KIND: Partial<Record<DocumentFamilyName, string>> = {
  'sales-invoice': 'Factura electrónica de venta',
  'credit-note': 'Nota crédito electrónica',
  'debit-note': 'Nota débito electrónica',
  'support-document': 'Documento soporte',
  'adjustment-note': 'Nota de ajuste del documento soporte',
};

const TAX_NAMES: Record<string, string> = { '01': 'IVA', '03': 'ICA', '04': 'INC' };

const pesos = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', minimumFractionDigits: 2 });
const amount = (value: string) => pesos.format(Number(value));

/** The `factura-electronica` data of a numbered document, as the acquirer reads it (only commercial documents are e-mailed). */
export function documentTemplateData(family: DocumentFamily, document: DocumentState, attachmentNames: readonly string[]): Record<string, unknown> {
  const { body, totals } = asFamily(document, 'sales-invoice', 'credit-note', 'debit-note', 'support-document', 'adjustment-note');
  const payments = body.payment_details ?? [];
  const dueDate = payments.find((payment) => payment.due_date)?.due_date;
  return {
    tipoDocumento: KIND[family.name] ?? family.name,
    numero: document.number,
    fechaEmision: document.issueDate,
    ...(dueDate && { fechaVencimiento: dueDate }),
    cliente: { nombre: family.counterparty(document.body).name },
    total: amount(totals.payable_amount),
    resumen: [
      { etiqueta: 'Subtotal', valor: amount(totals.line_extension_amount) },
      ...totals.taxes.map((tax) => ({ etiqueta: `${TAX_NAMES[tax.code] ?? `Impuesto ${tax.code}`} ${Number(tax.rate)} %`, valor: amount(tax.tax_amount) })),
      { etiqueta: 'Total', valor: amount(totals.payable_amount) },
    ],
    cufe: document.uniqueCode,
    ...(attachmentNames.length > 0 && { nombreAdjunto: attachmentNames.join(', ') }),
  };
}
