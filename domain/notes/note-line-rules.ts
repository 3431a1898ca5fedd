import { checkItem } from '../sales-invoice/item-rules.ts';
import type { SalesInvoiceItem } from '../sales-invoice/sales-invoice-body.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { NoteKind } from './note-kind.ts';

/**
 * One line of a credit or debit note: the sales-invoice line rules, and no withholdings, because DIAN's CreditNote and
 * DebitNote have no WithholdingTaxTotal (a line sent as the invoice's is told why rather than that the field is unknown).
 */
export function checkNoteLine(item: SalesInvoiceItem, path: string, kind: NoteKind): ValidationIssue[] {
  const issues = checkItem(item, path);
  if (item.withholding_taxes === undefined) return issues;
  return [...issues, {
    field: `${path}.withholding_taxes`,
    message: `is not admitted: a ${kind.name} carries no withholdings (DIAN's ${kind.name} has no WithholdingTaxTotal); remove the field`,
  }];
}
