import { child, type XmlNode } from '../xml/xml-node.ts';
import type { PayrollElement } from './concept-elements.ts';

/** Writes the elements under `section`, gathering consecutive items of one container (HEDs, Vacaciones...) in it. */
export function payrollSection(parent: XmlNode, name: string, elements: readonly PayrollElement[]): void {
  const section = child(parent, name);
  let container: { name: string; node: XmlNode } | undefined;
  for (const { path, attributes, text } of elements) {
    const [first, leaf] = path;
    if (leaf === undefined) {
      container = undefined;
      child(section, first, text, attributes);
      continue;
    }
    if (container?.name !== first) container = { name: first, node: child(section, first) };
    child(container.node, leaf, text, attributes);
  }
}
