export const RETE_IVA = '05';
export const RETE_RENTA = '06';

/**
 * Withholdings a line may carry: on a support document the buyer applies them to the provider; on a sales invoice they
 * inform (reference §1.4, §1.7, §1.10, §3.2). They go in WithholdingTaxTotal and never change the payable amount.
 */
export const WITHHOLDING_TAXES: ReadonlyMap<string, string> = new Map([
  [RETE_IVA, 'ReteIVA, retención sobre el IVA'],
  [RETE_RENTA, 'ReteRenta, retención sobre la renta'],
]);
