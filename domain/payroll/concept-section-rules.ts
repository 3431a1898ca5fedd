import type { ValidationIssue } from '../shared/validation-issue.ts';
import { checkEntry } from './entry-rules.ts';
import { MAX_ENTRIES_PER_CONCEPT, type ConceptKind, type PayrollConcept } from './payroll-concept.ts';
import { conceptsOfKind, payrollConcept } from './payroll-concepts.ts';

const SECTION: Readonly<Record<ConceptKind, string>> = { accrual: 'accruals', deduction: 'deductions' };
const OTHER: Readonly<Record<ConceptKind, ConceptKind>> = { accrual: 'deduction', deduction: 'accrual' };

/** accruals or deductions: required concepts present, known names only, the right cardinality, valid entries. */
export function checkConceptSection(section: unknown, kind: ConceptKind): ValidationIssue[] {
  const path = SECTION[kind];
  if (typeof section !== 'object' || section === null || Array.isArray(section)) {
    return [{ field: path, message: `must be an object keyed by ${kind} concept names` }];
  }
  const values = section as Readonly<Record<string, unknown>>;
  const missing = conceptsOfKind(kind)
    .filter((concept) => concept.requiredMessage !== undefined && values[concept.name] === undefined)
    .map((concept) => ({ field: `${path}.${concept.name}`, message: concept.requiredMessage! }));
  const present = Object.entries(values).flatMap(([name, value]) => {
    const concept = payrollConcept(kind, name);
    return concept ? checkConceptValue(value, concept, `${path}.${name}`) : [unknownConceptIssue(name, kind)];
  });
  return [...missing, ...present];
}

function checkConceptValue(value: unknown, concept: PayrollConcept, path: string): ValidationIssue[] {
  if (concept.cardinality === 'one') {
    if (Array.isArray(value)) return [{ field: path, message: `${concept.name} takes one entry, a JSON object, not an array` }];
    return checkEntry(value, concept, path);
  }
  if (!Array.isArray(value)) return [{ field: path, message: `${concept.name} takes a list of entries, a JSON array of objects` }];
  if (value.length > MAX_ENTRIES_PER_CONCEPT) {
    return [{ field: path, message: `has ${value.length} entries; at most ${MAX_ENTRIES_PER_CONCEPT} are allowed` }];
  }
  return value.flatMap((entry, index) => checkEntry(entry, concept, `${path}[${index}]`));
}

function unknownConceptIssue(name: string, kind: ConceptKind): ValidationIssue {
  const other = OTHER[kind];
  const hint = payrollConcept(other, name) ? ` (it is a ${other}: put it under ${SECTION[other]})` : '';
  const allowed = conceptsOfKind(kind).map((concept) => concept.name).join(', ');
  return { field: `${SECTION[kind]}.${name}`, message: `is not ${article(kind)} concept${hint}; allowed: ${allowed}` };
}

function article(kind: ConceptKind): string {
  return kind === 'accrual' ? 'an accrual' : 'a deduction';
}
