import { numberingPrefix } from './numbering-schemas.ts';
import { fieldTypeOf } from '../../domain/payroll/concept-field-type.ts';
import { DESCRIPTION_MAX_LENGTH, type EntryFieldType } from '../../domain/payroll/entry-field-types.ts';
import { MAX_ENTRIES_PER_CONCEPT, type ConceptKind, type PayrollConcept } from '../../domain/payroll/payroll-concept.ts';
import { conceptsOfKind } from '../../domain/payroll/payroll-concepts.ts';
import type { EntryFieldName } from '../../domain/payroll/payroll-entry.ts';

const decimal = (description: string, example: string) => ({ type: 'string', format: 'decimal', maxLength: 20, description, example });
const code = (description: string, example: string, maxLength = 10) => ({ type: 'string', minLength: 1, maxLength, description, example });
const text = (maxLength: number, example: string, minLength = 1) => ({ type: 'string', minLength, maxLength, example });
const date = (description: string, example: string) => ({ type: 'string', format: 'date', description, example });

const DATE_OR_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}:\\d{2})?$';

/** JSON Schema of one entry field, from its catalog type. */
function fieldSchema(concept: PayrollConcept, name: EntryFieldName): Record<string, unknown> {
  const schemas: Record<EntryFieldType, () => Record<string, unknown>> = {
    amount: () => decimal('Amount, at most two decimals.', '100000.00'),
    rate: () => decimal('Percentage, at most two decimals.', '4.00'),
    integer: () => ({ type: 'integer', minimum: 0, example: 1 }),
    date: () => date('YYYY-MM-DD.', '2026-05-04'),
    date_or_date_time: () => ({
      type: 'string',
      pattern: DATE_OR_DATE_TIME,
      description: 'YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS (Colombian local time).',
      example: '2026-05-06T18:00:00',
    }),
    code: () => code(`Type: ${(concept.typeCodes ?? []).map(typeDescription).join('; ')}.`, concept.typeCodes?.[0]?.code ?? '1', 2),
    text: () => text(DESCRIPTION_MAX_LENGTH, 'Descripción'),
  };
  return schemas[fieldTypeOf(concept, name)]();
}

function typeDescription(type: { code: string; name: string; percentage?: string }): string {
  return `${type.code} ${type.name}${type.percentage === undefined ? '' : ` (${type.percentage} %)`}`;
}

function entrySchema(concept: PayrollConcept): Record<string, unknown> {
  const names = Object.keys(concept.fields) as EntryFieldName[];
  const required = names.filter((name) => concept.fields[name] === 'required');
  // Fields a concept does not admit pass the schema on purpose: the payroll rules refuse them with a message
  // naming the concept, the field and what the concept admits.
  return {
    type: 'object',
    ...(required.length > 0 && { required }),
    properties: Object.fromEntries(names.map((name) => [name, fieldSchema(concept, name)])),
  };
}

function conceptSchema(concept: PayrollConcept): Record<string, unknown> {
  const description = `${concept.label}. DIAN ${concept.dianElement}.`;
  if (concept.cardinality === 'one') return { ...entrySchema(concept), description };
  return { type: 'array', maxItems: MAX_ENTRIES_PER_CONCEPT, items: entrySchema(concept), description };
}

/** accruals or deductions: one property per concept of the catalog, nothing else. */
function sectionSchema(kind: ConceptKind, description: string): Record<string, unknown> {
  const concepts = conceptsOfKind(kind);
  return {
    type: 'object',
    additionalProperties: false,
    description,
    required: concepts.filter((concept) => concept.requiredMessage !== undefined).map((concept) => concept.name),
    properties: Object.fromEntries(concepts.map((concept) => [concept.name, conceptSchema(concept)])),
  };
}

const observation = { type: 'string', maxLength: 250, example: 'Nómina de mayo' };

/**
 * Payroll request schemas. Concept entries are generated from the catalog (domain/payroll/payroll-concepts.ts):
 * names, cardinality, admitted and required fields and their types. The cross-field rules (type-specific fields,
 * overtime percentages, dates in order, at most 2 decimals) are left to checkPayrollRules.
 */
export const payrollSchemas = {
  PayrollSettlementPeriod: {
    type: 'object',
    additionalProperties: false,
    required: ['month', 'year', 'payroll_period_code'],
    properties: {
      month: { type: 'integer', minimum: 1, maximum: 12, example: 5 },
      year: { type: 'integer', minimum: 2000, maximum: 2100, example: 2026 },
      payroll_period_code: code('DIAN PeriodoNomina: 1 semanal, 2 decenal, 3 catorcenal, 4 quincenal, 5 mensual, 6 otro.', '5', 1),
    },
  },
  PayrollPayment: {
    type: 'object',
    additionalProperties: false,
    required: ['payment_method_code', 'payment_date'],
    properties: {
      payment_method_code: code('DIAN payment method (10 cash, 42 bank deposit, 47 bank transfer, ...).', '42', 3),
      bank_name: { ...text(100, 'Bancolombia'), description: 'Required when the method is 42 or 47.' },
      account_type: code('1 nómina, 2 ahorros, 3 corriente; required when the method is 42 or 47.', '1', 1),
      account_number: { ...text(100, '123456789'), description: 'Required when the method is 42 or 47.' },
      payment_date: date('Payment date (YYYY-MM-DD).', '2026-06-05'),
    },
  },
  PayrollWorker: {
    type: 'object',
    additionalProperties: false,
    required: [
      'identification_document_code', 'identification_number', 'first_name', 'first_surname', 'second_surname',
      'address', 'country_code', 'has_integral_salary', 'has_high_risk', 'worker_type_code', 'contract_type',
      'salary', 'entry_date', 'days_worked',
    ],
    properties: {
      identification_document_code: code('11, 12, 13, 21, 22, 31, 41, 42, 47, 50 or 91.', '13', 2),
      identification_number: { ...text(20, '1234567890'), description: 'Digits only.' },
      first_name: text(100, 'Mateo'),
      other_names: text(100, 'Andrés'),
      first_surname: text(100, 'Gonzales'),
      second_surname: { ...text(100, 'Forero', 0), description: 'Empty for a worker without a second surname.' },
      address: text(450, 'Cra100 39-100'),
      country_code: code('ISO 3166-1 alpha-2 of the place of work.', 'CO', 2),
      municipality_code: code('DIVIPOLA code (5 digits); required when country_code is CO.', '68679', 100),
      has_integral_salary: { type: 'boolean', example: false },
      has_high_risk: { type: 'boolean', description: 'High-risk pension activity.', example: false },
      worker_type_code: code('DIAN TipoTrabajador, e.g. 01 dependiente.', '01', 2),
      worker_subtype: code('00 no aplica (default), 01 dependiente pensionado por vejez activo.', '00', 2),
      contract_type: code('1 término fijo, 2 indefinido, 3 obra o labor, 4 aprendizaje, 5 prácticas.', '1', 1),
      employee_code: text(50, '001'),
      salary: decimal('Monthly salary.', '2800000.00'),
      entry_date: date('Date the worker joined (YYYY-MM-DD).', '2023-03-15'),
      days_worked: { type: 'integer', minimum: 0, maximum: 31, description: 'Days worked in the settled month.', example: 30 },
    },
  },
  PayrollAccruals: sectionSchema('accrual', 'Accruals (Devengados) keyed by concept name; basic_salary is required.'),
  PayrollDeductions: sectionSchema('deduction', 'Deductions (Deducciones) keyed by concept name; health and pension are required by law.'),
  PayrollBody: {
    type: 'object',
    additionalProperties: false,
    required: ['settlement_period', 'payment', 'worker', 'accruals', 'deductions'],
    properties: {
      settlement_period: { $ref: '#/components/schemas/PayrollSettlementPeriod' },
      payment: { $ref: '#/components/schemas/PayrollPayment' },
      worker: { $ref: '#/components/schemas/PayrollWorker' },
      accruals: { $ref: '#/components/schemas/PayrollAccruals' },
      deductions: { $ref: '#/components/schemas/PayrollDeductions' },
      observation,
      prefix: numberingPrefix,
    },
  },
  PayrollAdjustmentBody: {
    type: 'object',
    additionalProperties: false,
    required: ['payroll_number'],
    properties: {
      payroll_number: { ...text(50, 'NE1'), description: 'Tax authority number of the validated payroll to delete.' },
      observation,
      prefix: numberingPrefix,
    },
  },
  PayrollConcept: {
    type: 'object',
    description: 'One concept of GET /payrolls/v1/concepts.',
    required: ['name', 'kind', 'dian_element', 'cardinality', 'fields'],
    properties: {
      name: { type: 'string', example: 'overtime_and_surcharges' },
      kind: { type: 'string', enum: ['accrual', 'deduction'] },
      dian_element: { type: 'string', example: 'Devengados/HEDs/HED' },
      cardinality: { type: 'string', enum: ['one', 'many'], description: 'one: a JSON object; many: a JSON array of entries.' },
      fields: { type: 'object', additionalProperties: { type: 'string', enum: ['required', 'optional'] } },
      required: { type: 'boolean', description: 'Present (true) on the concepts every payroll carries.' },
      type_codes: {
        type: 'array',
        items: {
          type: 'object',
          required: ['code', 'name'],
          properties: {
            code: { type: 'string' },
            name: { type: 'string' },
            percentage: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string', enum: ['required', 'not_admitted'] } },
          },
        },
      },
    },
  },
};
