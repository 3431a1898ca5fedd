import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { payrollSchemas } from '../../../api/openapi/payroll-schemas.ts';
import { PAYROLL_CONCEPTS } from '../../../domain/payroll/payroll-concepts.ts';
import { publishedConcepts } from '../../../domain/payroll/published-concepts.ts';
import { payrollWithEveryConcept } from '../../domain/payroll/every-concept.ts';
import { validPayrollBody } from '../../domain/payroll/valid-payroll-body.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

function validator(name: string) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  ajv.addSchema({ $id: 'openapi', components: { schemas: payrollSchemas } });
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`)!;
  return (value: unknown) => (validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`));
}

describe('payroll JSON schemas (generated from the catalog)', () => {
  const payroll = validator('PayrollBody');

  it('given the provider example and the payroll with all 42 concepts, then the schema accepts both', () => {
    expect(payroll(validPayrollBody())).to.deep.equal([]);
    expect(payroll(payrollWithEveryConcept())).to.deep.equal([]);
  });

  it('given every concept, then the schema lists it with its cardinality, admitted and required fields', () => {
    const sections = { accrual: payrollSchemas.PayrollAccruals, deduction: payrollSchemas.PayrollDeductions };
    for (const concept of PAYROLL_CONCEPTS) {
      const schema = (sections[concept.kind].properties as Record<string, Record<string, unknown>>)[concept.name];
      const entry = (concept.cardinality === 'one' ? schema : schema.items) as Record<string, unknown>;
      expect(schema.type, concept.name).to.equal(concept.cardinality === 'one' ? 'object' : 'array');
      expect(Object.keys(entry.properties as object), concept.name).to.deep.equal(Object.keys(concept.fields));
      expect(entry.additionalProperties, `${concept.name}: unadmitted fields are left to the rules`).to.equal(undefined);
      expect(entry.required ?? [], concept.name).to.deep.equal(
        Object.entries(concept.fields).filter(([, presence]) => presence === 'required').map(([name]) => name));
    }
    expect(payrollSchemas.PayrollAccruals.required).to.deep.equal(['basic_salary']);
    expect(payrollSchemas.PayrollDeductions.required).to.deep.equal(['health', 'pension']);
  });

  it('given an unknown concept or a wrong cardinality, then the schema refuses it; a foreign field is left to the rules', () => {
    const body = validPayrollBody();
    expect(payroll({ ...body, accruals: { ...body.accruals, salary: { amount: '1.00' } } }))
      .to.deep.equal(['/accruals must NOT have additional properties']);
    expect(payroll({ ...body, accruals: { ...body.accruals, basic_salary: { amount: '1.00', percentage: '4' } } })).to.deep.equal([]);
    expect(payroll({ ...body, deductions: { ...body.deductions, withholding_tax: [{ amount: '1.00' }] } }))
      .to.deep.equal(['/deductions/withholding_tax must be object']);
    expect(payroll({ ...body, worker: { ...body.worker, nickname: 'x' } })).to.deep.equal(['/worker must NOT have additional properties']);
  });

  it('given the published catalog, then it validates against the PayrollConcept schema', () => {
    const concept = validator('PayrollConcept');
    for (const published of publishedConcepts()) expect(concept(published), published.name).to.deep.equal([]);
  });

  it('given an adjustment note body, then payroll_number is required and nothing else is admitted', () => {
    const adjustment = validator('PayrollAdjustmentBody');
    expect(adjustment({ payroll_number: 'NE1', observation: 'Enviada por error' })).to.deep.equal([]);
    expect(adjustment({ observation: 'x' })).to.deep.equal([" must have required property 'payroll_number'"]);
    expect(adjustment({ payroll_number: 'NE1', reason: 'x' })).to.deep.equal([' must NOT have additional properties']);
  });
});
