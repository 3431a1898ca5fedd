import { create } from 'xmlbuilder2';

/** An XML element reduced to what the tests read: local name, attributes, children and its own text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** Parses `xml` (xmlbuilder2's DOM parser) and keeps elements by local name, so prefixes do not matter. */
export function parseXml(xml: string): XmlElement {
  return toElement(create(xml).root().node);
}

function toElement(node: any): XmlElement {
  const attributes: Record<string, string> = {};
  for (let index = 0; index < node.attributes.length; index += 1) {
    const attribute = node.attributes.item(index);
    attributes[attribute.localName] = attribute.value;
  }
  const children: XmlElement[] = [];
  let text = '';
  for (const child of Array.from(node.childNodes as ArrayLike<any>)) {
    if (child.nodeType === ELEMENT) children.push(toElement(child));
    else if (child.nodeType === TEXT || child.nodeType === CDATA) text += child.data;
  }
  return { name: node.localName, attributes, children, text };
}

/** Every element at `path` (local names joined by '/') below `element`. */
export function findAll(element: XmlElement, path: string): XmlElement[] {
  return path.split('/').reduce<XmlElement[]>(
    (current, name) => current.flatMap((parent) => parent.children.filter((child) => child.name === name)),
    [element],
  );
}

export function find(element: XmlElement, path: string): XmlElement | undefined {
  return findAll(element, path)[0];
}

/** The trimmed text at `path`; throws when there is no such element, so a missing field fails loudly. */
export function textAt(element: XmlElement, path: string): string {
  const found = find(element, path);
  if (!found) throw new Error(`no ${path} under ${element.name}`);
  return found.text.trim();
}
