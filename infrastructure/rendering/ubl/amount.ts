import { CURRENCY } from '../dian-constants.ts';
import { child, type XmlNode } from '../xml/xml-node.ts';

/** An amount element in Colombian pesos, e.g. <cbc:PayableAmount currencyID="COP">83300.00</cbc:PayableAmount>. */
export function amount(parent: XmlNode, name: string, value: string): XmlNode {
  return child(parent, name, value, { currencyID: CURRENCY });
}
