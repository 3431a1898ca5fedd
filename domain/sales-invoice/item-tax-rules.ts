import { ITEM_TAX_RATES, ITEM_TAXES } from '../catalogs/item-taxes.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { decimalFieldIssue } from '../shared/decimal-field-issue.ts';
import { money } from '../shared/money.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { SalesInvoiceItemTax } from './sales-invoice-body.ts';

/** Decides whether a tax code is admitted on a line of one document family; undefined when it is. */
export type TaxCodeRule = (field: string, code: string | undefined) => ValidationIssue | undefined;

/** The taxes of the provider's item-tax table: 01 IVA, 04 INC, 35 ICUI. */
export const salesInvoiceTaxCodeRule: TaxCodeRule = (field, code) =>
  codeFieldIssue(field, code, ITEM_TAXES, 'a tax admitted on a sales invoice line', { required: true });

/** Each tax of one line: admitted code, decimal rate allowed for that tax, each code at most once. */
export function checkItemTaxes(
  taxes: readonly SalesInvoiceItemTax[],
  itemPath: string,
  codeRule: TaxCodeRule = salesInvoiceTaxCodeRule,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const firstIndexOfCode = new Map<string, number>();
  taxes.forEach((tax, index) => {
    const path = `${itemPath}.taxes[${index}]`;
    const codeIssue = codeRule(`${path}.code`, tax.code);
    const rateIssue = decimalFieldIssue(`${path}.rate`, tax.rate, { required: true });
    if (codeIssue) issues.push(codeIssue);
    if (rateIssue) issues.push(rateIssue);
    if (!codeIssue && !rateIssue) {
      const rateNotAllowed = rateIssueFor(tax, `${path}.rate`);
      if (rateNotAllowed) issues.push(rateNotAllowed);
    }
    const first = firstIndexOfCode.get(tax.code);
    if (first === undefined) firstIndexOfCode.set(tax.code, index);
    else if (!codeIssue) {
      issues.push({
        field: `${path}.code`,
        message: `"${tax.code}" is already on this line at taxes[${first}]; a tax may appear at most once per line`,
      });
    }
  });
  return issues;
}

function rateIssueFor(tax: SalesInvoiceItemTax, field: string): ValidationIssue | undefined {
  const allowed = ITEM_TAX_RATES.get(tax.code) ?? [];
  if (allowed.some((rate) => money(rate).equals(money(tax.rate)))) return undefined;
  const name = ITEM_TAXES.get(tax.code);
  return { field, message: `is ${tax.rate}; ${tax.code} (${name}) admits the rates ${allowed.join(', ')}` };
}
