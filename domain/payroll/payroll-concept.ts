import type { EntryFieldType } from './entry-field-types.ts';
import type { EntryFieldName } from './payroll-entry.ts';

export type ConceptKind = 'accrual' | 'deduction';

/** Entries one concept of cardinality many may carry (the seed shows no limit; a product decision). */
export const MAX_ENTRIES_PER_CONCEPT = 500;

/** one: the concept is a JSON object; many: a JSON array of entries. */
export type ConceptCardinality = 'one' | 'many';

export type FieldPresence = 'required' | 'optional';

/** A code of a typed concept; `fields` tightens the concept's fields for entries of this type. */
export interface PayrollTypeCode {
  code: string;
  name: string;
  /** The only percentage an entry of this type admits (overtime and surcharges). */
  percentage?: string;
  /** Where an entry of this type goes in the DIAN XML. */
  dianElement: string;
  fields?: Readonly<Partial<Record<EntryFieldName, 'required' | 'not_admitted'>>>;
}

/** at_least_one: an entry carries one of the fields or more; together: both or neither. */
export type EntryConstraint =
  | { kind: 'at_least_one'; fields: readonly EntryFieldName[] }
  | { kind: 'together'; fields: readonly [EntryFieldName, EntryFieldName] };

/** One accrual or deduction of the published catalog. */
export interface PayrollConcept {
  /** Business name, the key under accruals or deductions. */
  name: string;
  kind: ConceptKind;
  /** DIAN name of the concept (Spanish), for documentation. */
  label: string;
  /** Path of the element under NominaIndividual; alternatives by type code are joined with '|'. */
  dianElement: string;
  cardinality: ConceptCardinality;
  /** The fields an entry admits, in documentation order, and whether each is required. */
  fields: Readonly<Partial<Record<EntryFieldName, FieldPresence>>>;
  /** Overrides of ENTRY_FIELD_TYPES for this concept. */
  fieldTypes?: Readonly<Partial<Record<EntryFieldName, EntryFieldType>>>;
  typeCodes?: readonly PayrollTypeCode[];
  /** The type_code given to an entry that omits it (only when type_code is optional). */
  defaultTypeCode?: string;
  constraints?: readonly EntryConstraint[];
  /** Set on the concepts a payroll must carry: the issue message when absent. */
  requiredMessage?: string;
}
