import { PRODUCT_STANDARDS } from '../../../domain/catalogs/product-standards.ts';
import type { LineView } from '../commercial/commercial-view.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';
import { amount } from './amount.ts';
import { lineTaxTotals, withholdingTaxTotals } from './tax-totals.ts';

/** How one root names its lines; InvoiceLine puts the discount before the taxes, note lines after them. */
interface LineShape {
  line: string;
  quantity: string;
  discountFirst: boolean;
  withholdings: boolean;
}

export const INVOICE_LINE: LineShape = { line: 'cac:InvoiceLine', quantity: 'cbc:InvoicedQuantity', discountFirst: true, withholdings: true };
export const CREDIT_NOTE_LINE: LineShape = { line: 'cac:CreditNoteLine', quantity: 'cbc:CreditedQuantity', discountFirst: false, withholdings: false };
export const DEBIT_NOTE_LINE: LineShape = { line: 'cac:DebitNoteLine', quantity: 'cbc:DebitedQuantity', discountFirst: false, withholdings: false };

export function documentLines(parent: XmlNode, lines: readonly LineView[], shape: LineShape): void {
  lines.forEach((line, index) => documentLine(parent, line, index + 1, shape));
}

function documentLine(parent: XmlNode, { item, totals, withholdings }: LineView, id: number, shape: LineShape): void {
  const node = child(parent, shape.line);
  child(node, 'cbc:ID', String(id));
  child(node, shape.quantity, item.quantity, { unitCode: item.unit_measure_code });
  amount(node, 'cbc:LineExtensionAmount', totals.line_extension_amount);
  if (shape.discountFirst) discount(node, item.discount_rate, totals);
  lineTaxTotals(node, totals);
  if (shape.withholdings) withholdingTaxTotals(node, withholdings);
  if (!shape.discountFirst) discount(node, item.discount_rate, totals);
  const description = child(node, 'cac:Item');
  child(description, 'cbc:Description', item.name ?? item.code_reference ?? `Línea ${id}`);
  if (item.code_reference) child(child(description, 'cac:SellersItemIdentification'), 'cbc:ID', item.code_reference);
  child(child(description, 'cac:StandardItemIdentification'), 'cbc:ID', item.code_reference ?? String(id), {
    schemeID: item.standard_code,
    schemeName: PRODUCT_STANDARDS.get(item.standard_code) ?? item.standard_code,
  });
  const price = child(node, 'cac:Price');
  amount(price, 'cbc:PriceAmount', item.price);
  child(price, 'cbc:BaseQuantity', item.quantity, { unitCode: item.unit_measure_code });
}

function discount(parent: XmlNode, rate: string | undefined, totals: LineView['totals']): void {
  if (totals.discount_amount === '0.00') return;
  const node = child(parent, 'cac:AllowanceCharge');
  child(node, 'cbc:ID', '1');
  child(node, 'cbc:ChargeIndicator', 'false');
  child(node, 'cbc:AllowanceChargeReason', 'Descuento');
  child(node, 'cbc:MultiplierFactorNumeric', rate ?? '0.00');
  amount(node, 'cbc:Amount', totals.discount_amount);
  amount(node, 'cbc:BaseAmount', totals.gross_amount);
}
