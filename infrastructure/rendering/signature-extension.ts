import { child, type XmlNode } from './xml/xml-node.ts';

/**
 * The last ext:UBLExtension, its ExtensionContent left empty: the XmlSigner puts ds:Signature there (reference §2). An
 * unsigned render drops it again (UNSIGNED_XML), since the XSD wants one element in every ExtensionContent.
 */
export function signatureExtension(extensions: XmlNode): void {
  child(child(extensions, 'ext:UBLExtension'), 'ext:ExtensionContent');
}
