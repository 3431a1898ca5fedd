import { TIPO_IMPUESTO } from '../../../domain/catalogs/generated/tipo-impuesto.ts';
import { ITEM_TAXES } from '../../../domain/catalogs/item-taxes.ts';

/** The DIAN name of a tax or withholding code, e.g. 01 → IVA, 06 → ReteFuente. */
export function taxName(code: string): string {
  return ITEM_TAXES.get(code) ?? TIPO_IMPUESTO.get(code) ?? code;
}
