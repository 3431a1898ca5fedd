import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { taxAmountOf } from '../../../domain/sales-invoice/totals.ts';
import type { SalesInvoiceTotals } from '../../../domain/sales-invoice/sales-invoice-totals.ts';
import { cufe } from '../../../domain/unique-codes/cufe.ts';
import { PRODUCTION, TESTING } from '../../../domain/unique-codes/dian-environment.ts';
import { counterpartyIdentification } from './sandbox-scenarios.ts';

/** The DIAN unique code of a validated document, by the formula of its family. */
export function sandboxUniqueCode(document: DocumentState, number: string, technicalKey: string): string {
  const totals = document.totals as unknown as SalesInvoiceTotals;
  return cufe({
    number,
    issueDate: document.issueDate,
    issueTime: document.issueTime,
    lineExtensionAmount: totals.line_extension_amount,
    ivaAmount: taxAmountOf(totals, '01'),
    incAmount: taxAmountOf(totals, '04'),
    icaAmount: taxAmountOf(totals, '03'),
    payableAmount: totals.payable_amount,
    issuerNit: document.issuer?.nit ?? '',
    acquirerId: counterpartyIdentification(document),
    technicalKey,
    environment: document.environment === 'live' ? PRODUCTION : TESTING,
  });
}
