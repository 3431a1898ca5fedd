import { ITEM_TAXES } from '../catalogs/item-taxes.ts';
import { SUPPORT_DOCUMENT_ITEM_TAXES } from '../catalogs/support-document-taxes.ts';
import { TIPO_IMPUESTO } from '../catalogs/generated/tipo-impuesto.ts';
import { WITHHOLDING_TAXES } from '../catalogs/withholding-taxes.ts';
import type { TaxCodeRule } from '../sales-invoice/item-tax-rules.ts';

const ONLY_IVA = 'only 01 (IVA) is admitted as a tax on a support document line';

/** 01 IVA is the only tax of a support document line; a withholding sent as a tax is pointed to withholding_taxes. */
export const supportDocumentTaxCodeRule: TaxCodeRule = (field, code) => {
  if (code === undefined) return { field, message: 'is required' };
  if (SUPPORT_DOCUMENT_ITEM_TAXES.has(code)) return undefined;
  const withholding = WITHHOLDING_TAXES.get(code);
  if (withholding) {
    return { field, message: `"${code}" (${withholding}) is a withholding, not a tax: send it in withholding_taxes; ${ONLY_IVA}` };
  }
  const name = ITEM_TAXES.get(code) ?? (code === 'ZZ' ? undefined : TIPO_IMPUESTO.get(code));
  return { field, message: `"${code}"${name ? ` (${name})` : ''} is not admitted: ${ONLY_IVA}` };
};
