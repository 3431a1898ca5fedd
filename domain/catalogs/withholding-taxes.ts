export const RETE_IVA = '05';
const RETE_RENTA = '06';

/**
 * Withholdings the buyer applies to the provider on a support document line (reference §1.7, §1.10, §3.2).
 * They go in WithholdingTaxTotal and never change the payable amount.
 */
export const WITHHOLDING_TAXES: ReadonlyMap<string, string> = new Map([
  [RETE_IVA, 'ReteIVA, retención sobre el IVA'],
  [RETE_RENTA, 'ReteRenta, retención sobre la renta'],
]);
