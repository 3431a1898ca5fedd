import { money } from '../shared/money.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { fieldTypeOf } from './concept-field-type.ts';
import { endsBeforeStart } from './date-or-date-time.ts';
import { entryValueIssue } from './entry-value-issue.ts';
import type { EntryConstraint, FieldPresence, PayrollConcept, PayrollTypeCode } from './payroll-concept.ts';
import type { EntryFieldName } from './payroll-entry.ts';

const MAX_PERCENTAGE = money('100');

type Entry = Readonly<Record<string, unknown>>;

/** One entry of a concept: admitted fields only, required ones present, values well formed and consistent. */
export function checkEntry(entry: unknown, concept: PayrollConcept, path: string): ValidationIssue[] {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return [{ field: path, message: `must be an object: an entry of ${concept.name}` }];
  }
  const values = entry as Entry;
  const type = concept.typeCodes?.find((candidate) => candidate.code === values.type_code);
  const issues = [
    ...unadmittedFieldIssues(values, concept, path),
    ...conceptFields(concept).flatMap(([name, presence]) => fieldIssues(values, concept, type, name, presence, path)),
    ...(concept.constraints ?? []).flatMap((constraint) => constraintIssues(values, concept, constraint, path)),
  ];
  const wellFormed = (name: EntryFieldName) =>
    values[name] !== undefined && !issues.some((issue) => issue.field === `${path}.${name}`);
  return [
    ...issues,
    ...percentageIssues(values, concept, type, path, wellFormed),
    ...(wellFormed('start_date') && wellFormed('end_date') ? dateOrderIssues(values, path) : []),
  ];
}

function conceptFields(concept: PayrollConcept): Array<[EntryFieldName, FieldPresence]> {
  return Object.entries(concept.fields) as Array<[EntryFieldName, FieldPresence]>;
}

function unadmittedFieldIssues(values: Entry, concept: PayrollConcept, path: string): ValidationIssue[] {
  const admitted = Object.keys(concept.fields);
  return Object.keys(values)
    .filter((name) => !admitted.includes(name))
    .map((name) => ({
      field: `${path}.${name}`,
      message: `${concept.name} does not admit ${name}; it admits ${admitted.join(', ')}`,
    }));
}

function fieldIssues(
  values: Entry,
  concept: PayrollConcept,
  type: PayrollTypeCode | undefined,
  name: EntryFieldName,
  presence: FieldPresence,
  path: string,
): ValidationIssue[] {
  const field = `${path}.${name}`;
  const value = values[name];
  const byType = type?.fields?.[name];
  if (value === undefined) {
    if (presence === 'required') return [{ field, message: 'is required' }];
    if (byType === 'required') return [{ field, message: `is required for type_code ${type!.code} (${type!.name})` }];
    return [];
  }
  if (byType === 'not_admitted') {
    return [{ field, message: `an entry of ${concept.name} with type_code ${type!.code} (${type!.name}) does not admit ${name}` }];
  }
  const issue = entryValueIssue(field, value, fieldTypeOf(concept, name), concept);
  return issue ? [issue] : [];
}

function constraintIssues(values: Entry, concept: PayrollConcept, constraint: EntryConstraint, path: string): ValidationIssue[] {
  const present = (name: EntryFieldName) => values[name] !== undefined;
  if (constraint.kind === 'at_least_one') {
    if (constraint.fields.some(present)) return [];
    return [{ field: path, message: `${concept.name} needs at least one of ${constraint.fields.join(', ')}` }];
  }
  const [first, second] = constraint.fields;
  if (present(first) && !present(second)) return [{ field: `${path}.${second}`, message: `is required when ${first} is given` }];
  if (present(second) && !present(first)) return [{ field: `${path}.${first}`, message: `is required when ${second} is given` }];
  return [];
}

/** Overtime: the percentage DIAN fixes for the type. Any other percentage: at most 100. */
function percentageIssues(
  values: Entry,
  concept: PayrollConcept,
  type: PayrollTypeCode | undefined,
  path: string,
  wellFormed: (name: EntryFieldName) => boolean,
): ValidationIssue[] {
  return conceptFields(concept)
    .filter(([name]) => fieldTypeOf(concept, name) === 'rate' && wellFormed(name))
    .flatMap(([name]): ValidationIssue[] => {
      const value = values[name] as string;
      const field = `${path}.${name}`;
      if (name === 'percentage' && type?.percentage !== undefined) {
        return money(value).equals(money(type.percentage))
          ? []
          : [{ field, message: `is ${value}; type_code ${type.code} (${type.name}) is paid at ${type.percentage} %` }];
      }
      return money(value).greaterThan(MAX_PERCENTAGE) ? [{ field, message: `is ${value}; a percentage is at most 100` }] : [];
    });
}

function dateOrderIssues(values: Entry, path: string): ValidationIssue[] {
  const start = values.start_date as string;
  const end = values.end_date as string;
  if (!endsBeforeStart(start, end)) return [];
  return [{ field: `${path}.end_date`, message: `is ${end}, before start_date ${start}` }];
}
