import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { openApiDocument } from '../openapi/openapi-document.ts';

// ajv-formats is CommonJS: the default import is its module.exports, whose `default` is the plugin (under both
// NodeNext typing and Node's runtime interop).
const addFormats = ajvFormats.default;

/** Validates request bodies against the component schemas of the OpenAPI document. */
export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv2020({ allErrors: true, useDefaults: false, strict: false });
    addFormats(this.ajv);
    this.ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
    this.ajv.addSchema({ $id: 'openapi', components: openApiDocument.components });
  }

  validate(schemaName: string, value: unknown): ValidationIssue[] {
    let validate = this.compiled.get(schemaName);
    if (!validate) {
      validate = this.ajv.getSchema(`openapi#/components/schemas/${schemaName}`);
      if (!validate) throw new Error(`no schema named ${schemaName} in the OpenAPI document`);
      this.compiled.set(schemaName, validate);
    }
    if (validate(value)) return [];
    // An `if` error only says its `then` failed; the `then` error names the field.
    return dedupe((validate.errors ?? []).filter((error) => error.keyword !== 'if').map(toIssue));
  }
}

function toIssue(error: ErrorObject): ValidationIssue {
  const path = pointerToPath(error.instancePath);
  const child = (name: string) => (path ? `${path}.${name}` : name);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const wrongParty = /\/dependentSchemas\/([^/]+)\//.exec(error.schemaPath)?.[1];
      const message = wrongParty ? `is required: this document's party goes in ${String(params.missingProperty)}, not ${wrongParty}` : 'is required';
      return { field: child(String(params.missingProperty)), message };
    }
    case 'additionalProperties':
      return { field: child(String(params.additionalProperty)), message: 'is not a known field' };
    case 'type':
      return { field: path || '(body)', message: `must be ${article(String(params.type))}` };
    case 'format':
      return {
        field: path,
        message: params.format === 'decimal' ? 'must be a decimal string such as "1500.00"' : `must be a valid ${String(params.format)}`,
      };
    case 'enum':
      return { field: path || '(body)', message: `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}` };
    case 'const':
      return { field: path || '(body)', message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'minItems':
      return { field: path, message: `must have at least ${String(params.limit)} entr${params.limit === 1 ? 'y' : 'ies'}` };
    default:
      return { field: path || '(body)', message: error.message ?? 'is invalid' };
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `/items/0/price` → `items[0].price` */
function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function dedupe(issues: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.field}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
