import { IVA } from '../catalogs/item-taxes.ts';
import { RETE_IVA, WITHHOLDING_TAXES } from '../catalogs/withholding-taxes.ts';
import type { SalesInvoiceItem } from '../sales-invoice/sales-invoice-body.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { decimalFieldIssue } from '../shared/decimal-field-issue.ts';
import { money } from '../shared/money.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';

/**
 * Withholdings of one line: 05 or 06, each at most once, rate 0–100 with at most 2 decimals; 05 needs IVA on the line.
 * `lineName` names the line in the answer, e.g. "a support document line".
 */
export function checkWithholdingTaxes(item: SalesInvoiceItem, itemPath: string, lineName: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const firstIndexOfCode = new Map<string, number>();
  const lineHasIva = (item.taxes ?? []).some((tax) => tax.code === IVA);
  (item.withholding_taxes ?? []).forEach((withholding, index) => {
    const path = `${itemPath}.withholding_taxes[${index}]`;
    const codeIssue = codeFieldIssue(`${path}.code`, withholding.code, WITHHOLDING_TAXES,
      `a withholding admitted on ${lineName}`, { required: true });
    const first = firstIndexOfCode.get(withholding.code);
    if (codeIssue) issues.push(codeIssue);
    else if (first !== undefined) {
      issues.push({
        field: `${path}.code`,
        message: `"${withholding.code}" is already on this line at withholding_taxes[${first}]; a withholding may appear at most once per line`,
      });
    } else if (withholding.code === RETE_IVA && !lineHasIva) {
      issues.push({
        field: `${path}.code`,
        message: `"${RETE_IVA}" (ReteIVA) withholds part of the line's IVA, and this line has no 01 (IVA) in taxes; add the IVA or remove the withholding`,
      });
    }
    if (first === undefined) firstIndexOfCode.set(withholding.code, index);
    const rateIssue = withholdingRateIssue(withholding.rate, `${path}.rate`);
    if (rateIssue) issues.push(rateIssue);
  });
  return issues;
}

function withholdingRateIssue(rate: string | undefined, field: string): ValidationIssue | undefined {
  const issue = decimalFieldIssue(field, rate, { required: true });
  if (issue || rate === undefined) return issue;
  return money(rate).greaterThan(money('100')) ? { field, message: `is ${rate}; a withholding rate is at most 100` } : undefined;
}
