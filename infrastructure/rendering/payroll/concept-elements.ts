import { conceptEntries } from '../../../domain/payroll/concept-entries.ts';
import type { PayrollConceptSection } from '../../../domain/payroll/payroll-body.ts';
import type { ConceptKind, PayrollConcept } from '../../../domain/payroll/payroll-concept.ts';
import { conceptsOfKind } from '../../../domain/payroll/payroll-concepts.ts';
import type { EntryFieldName, PayrollEntry } from '../../../domain/payroll/payroll-entry.ts';
import { BOTH_TYPE_ATTRIBUTES_REQUIRED, conceptAttributes } from './concept-attributes.ts';

/** One element to write under Devengados or Deducciones: its path from there, attributes, and text if any. */
export interface PayrollElement {
  path: readonly string[];
  attributes: Record<string, string>;
  text?: string;
}

/**
 * The elements of a section, in XSD order: the catalog is in XSD order, and entries of a concept whose element
 * depends on the type (overtime, licenses) are ordered by type code, which follows the XSD too.
 */
export function conceptElements(kind: ConceptKind, section: PayrollConceptSection, daysWorked: number): PayrollElement[] {
  return conceptsOfKind(kind)
    .filter((concept) => section[concept.name] !== undefined)
    .flatMap((concept) => {
      const entries = [...conceptEntries(section[concept.name])];
      if (concept.dianElement.includes('|')) entries.sort((a, b) => String(a.type_code).localeCompare(String(b.type_code)));
      return entries.map((entry) => elementOf(kind, concept, entry, daysWorked));
    });
}

function elementOf(kind: ConceptKind, concept: PayrollConcept, entry: PayrollEntry, daysWorked: number): PayrollElement {
  const type = concept.typeCodes?.find((candidate) => candidate.code === entry.type_code);
  const [elementPath, typeAttribute] = (type?.dianElement ?? concept.dianElement).split('/@');
  const fields = conceptAttributes(kind, concept.name);
  const attributes: Record<string, string> = concept.name === 'basic_salary' ? { DiasTrabajados: String(daysWorked) } : {};
  if (BOTH_TYPE_ATTRIBUTES_REQUIRED.has(concept.name)) {
    for (const other of concept.typeCodes ?? []) attributes[other.dianElement.split('/@')[1]] = '0.00';
  }
  for (const [field, attribute] of Object.entries(fields ?? {}) as Array<[EntryFieldName, string]>) {
    const value = entry[field];
    if (value !== undefined) attributes[attribute] = formatValue(attribute, value);
  }
  if (typeAttribute && entry.amount !== undefined) attributes[typeAttribute] = entry.amount;
  const path = elementPath.split('/').slice(1);
  return fields === undefined ? { path, attributes, text: entry.amount } : { path, attributes };
}

/** Overtime start and end are xsd:dateTime; a bare date stands for the start of that day. */
function formatValue(attribute: string, value: unknown): string {
  const text = String(value);
  return (attribute === 'HoraInicio' || attribute === 'HoraFin') && text.length === 10 ? `${text}T00:00:00` : text;
}
