/** Totals of a deleting adjustment note: all zero (the CUNE uses 0.00 for ValDev, ValDed and ValTolNE). */
export interface PayrollAdjustmentTotals {
  accrued_total: '0.00';
  deducted_total: '0.00';
  net_total: '0.00';
  payable_amount: '0.00';
}

export function computePayrollAdjustmentTotals(): PayrollAdjustmentTotals {
  return { accrued_total: '0.00', deducted_total: '0.00', net_total: '0.00', payable_amount: '0.00' };
}
