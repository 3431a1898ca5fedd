/** A withholding on one line, as the client sends it: on a sales invoice, a support document or an adjustment note. */
export type WithholdingTax = {
  /** 05 ReteIVA or 06 ReteRenta. */
  code: string;
  /** Percentage, e.g. "3.50". */
  rate: string;
};

export interface WithholdingSubtotal {
  /** 05 ReteIVA or 06 ReteRenta. */
  code: string;
  /** Percentage with 2 decimals, e.g. "3.50". */
  rate: string;
  /** ReteRenta: the line extension amount; ReteIVA: the line's IVA amount. */
  taxable_amount: string;
  /** taxable_amount × rate / 100, rounded half-to-even. */
  amount: string;
}
