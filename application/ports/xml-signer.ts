/** Whose key signs, and the instant the signature states (xades:SigningTime). */
export interface SigningRequest {
  tenantId: string;
  environment: string;
  /** ISO 8601 with its offset, e.g. `2026-11-24T10:15:00-05:00`: the document's issue instant, so renders repeat. */
  signingTime: string;
}

/**
 * Signs a DIAN XML (XAdES-EPES, DIAN's signature policy v2) with the tenant's certificate. The XML carries an empty
 * `ext:ExtensionContent` in its last `ext:UBLExtension`; the signature goes there.
 */
export interface XmlSigner {
  sign(xml: string, request: SigningRequest): Promise<string>;
}

const EMPTY_SIGNATURE_EXTENSION = /\s*<ext:UBLExtension>\s*<ext:ExtensionContent\/>\s*<\/ext:UBLExtension>/;
const EMPTY_EXTENSIONS = /\s*<ext:UBLExtensions>\s*<\/ext:UBLExtensions>/;

/**
 * For renders that need no signature (tests of the unsigned shape, and providers whose XML another party signs): drops
 * the empty signature extension (and UBLExtensions left empty), since the XSD wants an element in every ExtensionContent.
 */
export const UNSIGNED_XML: XmlSigner = { sign: async (xml) => xml.replace(EMPTY_SIGNATURE_EXTENSION, '').replace(EMPTY_EXTENSIONS, '') };
