/**
 * Payroll adjustment note body (DESIGN.md: two fields). The note deletes a payroll already validated
 * (DIAN NominaIndividualDeAjuste, TipoNota 2 Eliminar); nothing is recalculated.
 */
export type PayrollAdjustmentBody = {
  /** Tax authority number (prefix + consecutive) of the validated payroll to delete, 1–50 characters. */
  payroll_number: string;
  /** At most 250 characters. */
  observation?: string;
};
