import { SIGNATURE_PREFIXES } from '../../signing/dian-signature-policy.ts';

const OASIS = 'urn:oasis:names:specification:ubl:schema:xsd';

/** Namespaces of DIAN's UBL 2.1 profile (reference §10). */
export const UBL = {
  invoice: `${OASIS}:Invoice-2`,
  creditNote: `${OASIS}:CreditNote-2`,
  debitNote: `${OASIS}:DebitNote-2`,
  attachedDocument: `${OASIS}:AttachedDocument-2`,
  applicationResponse: `${OASIS}:ApplicationResponse-2`,
  cac: `${OASIS}:CommonAggregateComponents-2`,
  cbc: `${OASIS}:CommonBasicComponents-2`,
  ext: `${OASIS}:CommonExtensionComponents-2`,
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
} as const;

/** The xmlns declarations a UBL root carries (ds and xades on the root, as DIAN's samples); sts only where DianExtensions appear. */
export function ublPrefixes(withDianExtensions: boolean): Record<string, string> {
  return {
    'xmlns:cac': UBL.cac,
    'xmlns:cbc': UBL.cbc,
    'xmlns:ext': UBL.ext,
    ...(withDianExtensions && { 'xmlns:sts': UBL.sts }),
    ...SIGNATURE_PREFIXES,
  };
}
