import { IDENTIFICATION_DOCUMENT_TYPES } from '../catalogs/identification-document-types.ts';
import { PROVIDER_IDENTIFICATION_TYPES } from '../catalogs/provider-identification-types.ts';
import type { IdentificationCodeRule } from '../sales-invoice/customer-identification-rules.ts';
import { describeCodes } from '../shared/code-field-issue.ts';

/**
 * Document types of the provider's own, shorter catalog. A type of the customer catalog outside it (13 cédula de
 * ciudadanía, 11, 12, 91, 48) is refused with the reason: DIAN lists only the others for the seller of a support document.
 */
export const providerIdentificationCodeRule: IdentificationCodeRule = (field, code) => {
  if (code === undefined) return { field, message: 'is required' };
  if (PROVIDER_IDENTIFICATION_TYPES.has(code)) return undefined;
  const allowed = describeCodes(PROVIDER_IDENTIFICATION_TYPES);
  const name = IDENTIFICATION_DOCUMENT_TYPES.get(code);
  if (name === undefined) return { field, message: `"${code}" is not a provider identification document type; allowed: ${allowed}` };
  return {
    field,
    message: `"${code}" (${name}) is not admitted for the provider (the seller) of a support document; ` +
      `DIAN lists only these document types for it: ${allowed}`,
  };
};
