import { checkItem, checkItems } from '../sales-invoice/item-rules.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkWithholdingTaxes } from '../withholdings/withholding-tax-rules.ts';
import type { SupportDocumentItem } from './support-document-body.ts';
import { supportDocumentTaxCodeRule } from './support-document-tax-rule.ts';

/** Lines of a support document or adjustment note: sales-invoice line rules with IVA only, plus withholdings. */
export function checkSupportDocumentItems(items: readonly SupportDocumentItem[] | undefined): ValidationIssue[] {
  return checkItems(items, (item, path) => [
    ...checkItem(item, path, supportDocumentTaxCodeRule),
    ...checkWithholdingTaxes(item, path, 'a support document line'),
  ]);
}
