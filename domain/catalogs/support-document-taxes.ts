import { IVA } from './item-taxes.ts';

/** The only tax admitted on a support document line: 01 IVA (reference §1.7, §3.2). */
export const SUPPORT_DOCUMENT_ITEM_TAXES: ReadonlyMap<string, string> = new Map([[IVA, 'IVA']]);
