/**
 * Correction concepts of an adjustment note to a support document (provider catalog, reference §3.6).
 * Not the credit-note catalog: here 5 means "Otros", there prompt-payment discount.
 */
export const ADJUSTMENT_NOTE_CONCEPTS: ReadonlyMap<string, string> = new Map([
  ['1', 'Devolución parcial de los bienes y/o no aceptación parcial del servicio'],
  ['2', 'Anulación del documento soporte'],
  ['3', 'Rebaja o descuento parcial o total'],
  ['4', 'Ajuste de precio'],
  ['5', 'Otros'],
]);

export const ANNULMENT_OF_SUPPORT_DOCUMENT = '2';
