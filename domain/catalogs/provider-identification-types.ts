import { IDENTIFICATION_DOCUMENT_TYPES } from './identification-document-types.ts';

/**
 * Document types admitted for the provider (the seller not obliged to invoice) of a support document or its
 * adjustment note: the provider's table "para Documentos Soporte y Notas de ajuste" (reference §1.10, §3.1).
 * 11, 12, 13 and 91 (and 48) of the customer catalog are not in it.
 */
export const PROVIDER_IDENTIFICATION_TYPES: ReadonlyMap<string, string> = new Map(
  ['21', '22', '31', '41', '42', '47', '50'].map((code) => [code, IDENTIFICATION_DOCUMENT_TYPES.get(code) ?? code]),
);
