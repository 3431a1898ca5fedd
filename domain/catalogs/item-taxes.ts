import { TARIFA_IMPUESTO_INC } from './generated/tarifa-impuesto-inc.ts';
import { TARIFA_IMPUESTO_IVA } from './generated/tarifa-impuesto-iva.ts';

export const IVA = '01';
const INC = '04';
const ICUI = '35';

/**
 * Taxes admitted on a sales-invoice line: the provider's item-tax table (reference §1.10, §3.2).
 * 02 IC is a per-unit amount and 03 ICA has municipal rates without a DIAN list, so neither fits {code, rate}.
 */
export const ITEM_TAXES: ReadonlyMap<string, string> = new Map([
  [IVA, 'IVA'],
  [INC, 'INC'],
  [ICUI, 'ICUI'],
]);

/** Allowed rates per tax, as 2-decimal strings. ICUI follows Ley 2277 de 2022 (10 %, 15 %, then 20 %). */
export const ITEM_TAX_RATES: ReadonlyMap<string, readonly string[]> = new Map([
  [IVA, [...TARIFA_IMPUESTO_IVA.keys()]],
  [INC, [...TARIFA_IMPUESTO_INC.keys()]],
  [ICUI, ['10.00', '15.00', '20.00']],
]);
