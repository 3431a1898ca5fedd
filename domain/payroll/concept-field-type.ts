import { ENTRY_FIELD_TYPES, type EntryFieldType } from './entry-field-types.ts';
import type { PayrollConcept } from './payroll-concept.ts';
import type { EntryFieldName } from './payroll-entry.ts';

/** The type of one field of a concept's entries: the concept's override, else the field's general type. */
export function fieldTypeOf(concept: PayrollConcept, field: EntryFieldName): EntryFieldType {
  return concept.fieldTypes?.[field] ?? ENTRY_FIELD_TYPES[field];
}
