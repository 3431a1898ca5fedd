import { DOMParser, type Element } from '@xmldom/xmldom';

/** Where the signature goes: the ExtensionContent of the last UBLExtension of the root's UBLExtensions (reference §2). */
const SLOT = "/*/*[local-name()='UBLExtensions']/*[local-name()='UBLExtension'][last()]/*[local-name()='ExtensionContent']";

/** The XPath of the empty slot a builder left for the signature; an XML without one is a builder's bug. */
export function signatureSlot(xml: string): string {
  const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement;
  const extensions = root && childElements(root, 'UBLExtensions')[0];
  const content = extensions && childElements(childElements(extensions, 'UBLExtension').at(-1), 'ExtensionContent')[0];
  if (!content || childElements(content).length > 0) {
    throw new Error(`the ${root?.localName ?? 'XML'} to sign has no empty ext:ExtensionContent in its last ext:UBLExtension to hold the signature`);
  }
  return SLOT;
}

function childElements(parent: Element | undefined, localName?: string): Element[] {
  if (!parent) return [];
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE && (!localName || (node as Element).localName === localName)) found.push(node as Element);
  }
  return found;
}
