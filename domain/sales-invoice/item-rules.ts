import { PRODUCT_STANDARDS } from '../catalogs/product-standards.ts';
import { UNIT_MEASURES } from '../catalogs/unit-measures.ts';
import { codeFieldIssue } from '../shared/code-field-issue.ts';
import { decimalFieldIssue } from '../shared/decimal-field-issue.ts';
import { money } from '../shared/money.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkItemTaxes, salesInvoiceTaxCodeRule, type TaxCodeRule } from './item-tax-rules.ts';
import type { SalesInvoiceItem } from './sales-invoice-body.ts';

/** At least one line; each line checked by checkLine (the sales-invoice line rules unless a family brings its own). */
export function checkItems<Item extends SalesInvoiceItem>(
  items: readonly Item[] | undefined,
  checkLine: (item: Item, path: string) => ValidationIssue[] = (item, path) => checkItem(item, path),
): ValidationIssue[] {
  if (items === undefined || items.length === 0) return [{ field: 'items', message: 'must contain at least one item' }];
  return items.flatMap((item, index) => checkLine(item, `items[${index}]`));
}

/** One line at `path`: quantity, price, discount, unit, standard and taxes (codes admitted by taxCodeRule). */
export function checkItem(item: SalesInvoiceItem, path: string, taxCodeRule: TaxCodeRule = salesInvoiceTaxCodeRule): ValidationIssue[] {
  const issues = [
    quantityIssue(item.quantity, `${path}.quantity`),
    decimalFieldIssue(`${path}.price`, item.price, { required: true }),
    discountRateIssue(item.discount_rate, `${path}.discount_rate`),
    codeFieldIssue(`${path}.unit_measure_code`, item.unit_measure_code, UNIT_MEASURES,
      'a unit measure code of the DIAN list', { required: false }),
    codeFieldIssue(`${path}.standard_code`, item.standard_code, PRODUCT_STANDARDS,
      'a product standard code', { required: false }),
  ].filter((issue): issue is ValidationIssue => issue !== undefined);
  return [...issues, ...checkItemTaxes(item.taxes ?? [], path, taxCodeRule)];
}

function quantityIssue(quantity: string | undefined, field: string): ValidationIssue | undefined {
  const issue = decimalFieldIssue(field, quantity, { required: true });
  if (issue || quantity === undefined) return issue;
  return money(quantity).isZero() ? { field, message: 'must be greater than 0' } : undefined;
}

function discountRateIssue(rate: string | undefined, field: string): ValidationIssue | undefined {
  const issue = decimalFieldIssue(field, rate, { required: false });
  if (issue || rate === undefined) return issue;
  return money(rate).greaterThan(money('100')) ? { field, message: `is ${rate}; a discount rate is at most 100` } : undefined;
}
