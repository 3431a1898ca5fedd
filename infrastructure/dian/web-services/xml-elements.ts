import type { Element, Node } from '@xmldom/xmldom';
import { NS } from './soap-namespaces.ts';

const ELEMENT_NODE = 1;

/** The element children of a node, optionally only those with this local name (and namespace). */
export function childElements(node: Node, localName?: string, namespace?: string): Element[] {
  const found: Element[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT_NODE) continue;
    const element = child as Element;
    if (localName !== undefined && element.localName !== localName) continue;
    if (namespace !== undefined && element.namespaceURI !== namespace) continue;
    found.push(element);
  }
  return found;
}

export function childElement(node: Node, localName: string, namespace?: string): Element | null {
  return childElements(node, localName, namespace)[0] ?? null;
}

/** The text of a child: null when absent or `xsi:nil="true"`, '' when empty. */
export function nullableText(parent: Element, localName: string): string | null {
  const element = childElement(parent, localName);
  if (!element || isNil(element)) return null;
  return element.textContent ?? '';
}

/** The text of a child, '' when absent or nil. */
export function text(parent: Element, localName: string): string {
  return nullableText(parent, localName) ?? '';
}

export function booleanText(parent: Element, localName: string): boolean {
  return text(parent, localName).trim() === 'true';
}

export function isNil(element: Element): boolean {
  return /^(true|1)$/.test(element.getAttributeNS(NS.xsi, 'nil') ?? '');
}
