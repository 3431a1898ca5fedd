import type { ValidationIssue } from '../shared/validation-issue.ts';
import type { TemplateDefinition, TemplateVariable } from './template-catalog.ts';

interface TemplateDataCheck {
  /** Paths of required variables that are absent, null or blank (VARIABLES_FALTANTES). */
  missing: string[];
  /** Present variables of the wrong type. */
  invalid: ValidationIssue[];
}

function valueAt(data: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);
}

const absent = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function typeIssue(variable: TemplateVariable, value: unknown): string | null {
  if (variable.type === 'string' && typeof value !== 'string') return 'must be a string';
  if (variable.type === 'integer' && !Number.isInteger(value)) return 'must be an integer';
  if (variable.type === 'array' && !Array.isArray(value)) return 'must be an array';
  return null;
}

/** Checks the request's `data` against what the template uses. */
export function checkTemplateData(template: TemplateDefinition, data: Record<string, unknown>): TemplateDataCheck {
  const missing: string[] = [];
  const invalid: ValidationIssue[] = [];
  for (const variable of template.variables) {
    const value = valueAt(data, variable.path);
    if (absent(value)) {
      if (variable.required) missing.push(variable.path);
      continue;
    }
    const issue = typeIssue(variable, value);
    if (issue) {
      invalid.push({ field: `data.${variable.path}`, message: issue });
      continue;
    }
    const fields = template.rowFields?.[variable.path];
    if (fields) {
      (value as unknown[]).forEach((row, index) => {
        for (const field of fields) {
          const cell = row && typeof row === 'object' ? (row as Record<string, unknown>)[field] : undefined;
          if (absent(cell)) missing.push(`${variable.path}[${index}].${field}`);
          else if (typeof cell !== 'string') invalid.push({ field: `data.${variable.path}[${index}].${field}`, message: 'must be a string' });
        }
      });
    }
  }
  return { missing, invalid };
}
