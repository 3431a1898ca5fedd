/** RADIAN event codes of the acceptance registry (reference §8, Res. 000085 of 2022). */
export const ACCEPTANCE_EVENT_CODES = ['030', '031', '032', '033', '034'] as const;
export type AcceptanceEventCode = (typeof ACCEPTANCE_EVENT_CODES)[number];

/** The events the receiver of an invoice sends; 034 (tacit acceptance) is recorded by the issuer's side only. */
export const RECEIVER_EVENT_CODES = ['030', '031', '032', '033'] as const;
export type ReceiverEventCode = (typeof RECEIVER_EVENT_CODES)[number];

export const EVENT_NAMES: Readonly<Record<AcceptanceEventCode, string>> = {
  '030': 'Acuse de recibo de la Factura Electrónica de Venta',
  '031': 'Reclamo de la Factura Electrónica de Venta',
  '032': 'Recibo del bien y/o prestación del servicio',
  '033': 'Aceptación expresa',
  '034': 'Aceptación tácita',
};

/** Concepts of a claim (031), required with it and only with it. */
export const CLAIM_CONCEPTS: ReadonlyMap<string, string> = new Map([
  ['01', 'Documento con inconsistencias'],
  ['02', 'Mercancía no entregada totalmente'],
  ['03', 'Mercancía no entregada parcialmente'],
  ['04', 'Servicio no prestado'],
]);

/** DocumentTypeCode of the referenced document in the event CUDE: a sales invoice. */
export const REFERENCED_INVOICE_TYPE_CODE = '01';

export function isReceiverEventCode(value: unknown): value is ReceiverEventCode {
  return typeof value === 'string' && (RECEIVER_EVENT_CODES as readonly string[]).includes(value);
}
