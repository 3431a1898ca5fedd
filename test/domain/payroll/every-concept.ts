import { fieldTypeOf } from '../../../domain/payroll/concept-field-type.ts';
import type { EntryFieldType } from '../../../domain/payroll/entry-field-types.ts';
import type { PayrollBody, PayrollConceptSection } from '../../../domain/payroll/payroll-body.ts';
import type { ConceptKind, PayrollConcept, PayrollTypeCode } from '../../../domain/payroll/payroll-concept.ts';
import { conceptsOfKind } from '../../../domain/payroll/payroll-concepts.ts';
import type { EntryFieldName, PayrollEntry } from '../../../domain/payroll/payroll-entry.ts';
import { validPayrollBody } from './valid-payroll-body.ts';

export const SAMPLE_AMOUNT = '1000.00';

/** A valid entry carrying every field the concept admits (for a typed concept, of the given type). */
export function sampleEntry(concept: PayrollConcept, type: PayrollTypeCode | undefined = concept.typeCodes?.[0]): PayrollEntry {
  const entry: Record<string, unknown> = {};
  for (const name of Object.keys(concept.fields) as EntryFieldName[]) {
    if (type?.fields?.[name] === 'not_admitted') continue;
    entry[name] = sampleValue(name, fieldTypeOf(concept, name), type);
  }
  return entry as PayrollEntry;
}

function sampleValue(name: EntryFieldName, type: EntryFieldType, typeCode: PayrollTypeCode | undefined): string | number {
  switch (type) {
    case 'amount': return SAMPLE_AMOUNT;
    case 'rate': return name === 'percentage' && typeCode?.percentage ? typeCode.percentage : '4.00';
    case 'integer': return 2;
    case 'date': return name === 'start_date' ? '2026-05-04' : '2026-05-05';
    case 'date_or_date_time': return name === 'start_date' ? '2026-05-06T18:00:00' : '2026-05-06T20:00:00';
    case 'code': return typeCode!.code;
    case 'text': return 'Descripción del concepto';
  }
}

/** One entry of a concept of cardinality one; for cardinality many, one entry per type code (or one entry). */
export function sampleConceptValue(concept: PayrollConcept): PayrollEntry | PayrollEntry[] {
  if (concept.cardinality === 'one') return sampleEntry(concept);
  return concept.typeCodes ? concept.typeCodes.map((type) => sampleEntry(concept, type)) : [sampleEntry(concept)];
}

export function sectionWithEveryConcept(kind: ConceptKind): PayrollConceptSection {
  return Object.fromEntries(conceptsOfKind(kind).map((concept) => [concept.name, sampleConceptValue(concept)]));
}

/** The valid example with every one of the 42 concepts, built from the catalog. */
export function payrollWithEveryConcept(): PayrollBody {
  return { ...validPayrollBody(), accruals: sectionWithEveryConcept('accrual'), deductions: sectionWithEveryConcept('deduction') };
}
