import type { ConceptCardinality, ConceptKind, FieldPresence, PayrollConcept, PayrollTypeCode } from './payroll-concept.ts';
import { PAYROLL_CONCEPTS } from './payroll-concepts.ts';

/** One concept as served by GET /payrolls/v1/concepts. */
interface PublishedConcept {
  name: string;
  kind: ConceptKind;
  dian_element: string;
  cardinality: ConceptCardinality;
  fields: Record<string, FieldPresence>;
  /** Present on the concepts a payroll must carry (basic_salary, health, pension). */
  required?: true;
  type_codes?: PublishedTypeCode[];
}

interface PublishedTypeCode {
  code: string;
  name: string;
  percentage?: string;
  /** How entries of this type tighten the concept's fields (licenses: amount required or not admitted). */
  fields?: Record<string, 'required' | 'not_admitted'>;
}

/** The catalog as plain JSON, in catalog order (accruals then deductions, XSD order). */
export function publishedConcepts(): PublishedConcept[] {
  return PAYROLL_CONCEPTS.map(publish);
}

function publish(concept: PayrollConcept): PublishedConcept {
  return {
    name: concept.name,
    kind: concept.kind,
    dian_element: concept.dianElement,
    cardinality: concept.cardinality,
    fields: { ...concept.fields } as Record<string, FieldPresence>,
    ...(concept.requiredMessage !== undefined && { required: true as const }),
    ...(concept.typeCodes && { type_codes: concept.typeCodes.map(publishTypeCode) }),
  };
}

function publishTypeCode(type: PayrollTypeCode): PublishedTypeCode {
  return {
    code: type.code,
    name: type.name,
    ...(type.percentage !== undefined && { percentage: type.percentage }),
    ...(type.fields && { fields: { ...type.fields } as Record<string, 'required' | 'not_admitted'> }),
  };
}
