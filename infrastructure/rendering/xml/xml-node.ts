/**
 * A minimal XML tree and writer for the documents this service renders: elements, attributes, text and CDATA, written
 * indented. A DOM builder spent most of the render time creating node objects these documents never need.
 */
export interface XmlNode {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlNode[];
  text?: string;
  cdata?: string[];
}

/** Characters XML 1.0 cannot carry (control characters); a free-text field must not break the document. */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\n': '&#10;', '\t': '&#9;' };

function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

export function xmlRoot(namespace: string, name: string, attributes: Record<string, string>): XmlNode {
  return { name, attributes: { xmlns: namespace, ...attributes }, children: [] };
}

/** Appends `name` under `parent`, with its text when given; answers the new element. */
export function child(parent: XmlNode, name: string, text?: string, attributes: Record<string, string> = {}): XmlNode {
  const element: XmlNode = { name, attributes, children: [], ...(text !== undefined && { text }) };
  parent.children.push(element);
  return element;
}

/** A CDATA section holding `text`; a "]]>" inside is split across two sections, as XML requires. */
export function appendCdata(parent: XmlNode, text: string): void {
  parent.cdata = xmlSafe(text).split(']]>').map((part, index, parts) => `${index > 0 ? '>' : ''}${part}${index < parts.length - 1 ? ']]' : ''}`);
}

/** The document with its declaration, two spaces per level; text and CDATA stay on their element's line. */
export function serialize(root: XmlNode): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'];
  write(root, '', out);
  return out.join('');
}

function write(node: XmlNode, indent: string, out: string[]): void {
  out.push(indent, '<', node.name);
  for (const name in node.attributes) out.push(' ', name, '="', escape(node.attributes[name], ATTRIBUTE_ESCAPES), '"');
  if (node.cdata) {
    out.push('>', ...node.cdata.map((section) => `<![CDATA[${section}]]>`), '</', node.name, '>\n');
  } else if (node.text !== undefined && node.text !== '') {
    out.push('>', escape(node.text, TEXT_ESCAPES), '</', node.name, '>\n');
  } else if (node.children.length === 0) {
    out.push('/>\n');
  } else {
    out.push('>\n');
    for (const element of node.children) write(element, `${indent}  `, out);
    out.push(indent, '</', node.name, '>\n');
  }
}

function escape(value: string, escapes: Record<string, string>): string {
  return xmlSafe(value).replace(/[&<>"\r\n\t]/g, (character) => escapes[character] ?? character);
}
