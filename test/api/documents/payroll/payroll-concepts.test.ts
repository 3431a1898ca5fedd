import { expect } from 'chai';
import type { PayrollBody } from '../../../../domain/payroll/payroll-body.ts';
import type { PayrollConcept } from '../../../../domain/payroll/payroll-concept.ts';
import { PAYROLL_CONCEPTS } from '../../../../domain/payroll/payroll-concepts.ts';
import { ENTRY_FIELD_NAMES, type EntryFieldName } from '../../../../domain/payroll/payroll-entry.ts';
import { sampleEntry } from '../../../domain/payroll/every-concept.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { http } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { expectProblem, expectSchema } from '../../../support/api-test-helpers.ts';
import { CONCEPTS, PAYROLLS, create, expect422Naming, expectOnlyFields, post } from './payroll-test-helpers.ts';

const SECTION = { accrual: 'accruals', deduction: 'deductions' } as const;

/** A well-formed value for each entry field, so that a refusal can only be about the field not being admitted. */
const WELL_FORMED: Record<EntryFieldName, string | number> = {
  type_code: '1',
  description: 'Descripción',
  quantity: 2,
  percentage: '4.00',
  amount: '1000.00',
  non_salary_amount: '1000.00',
  interest_amount: '100.00',
  subsistence_percentage: '0.50',
  subsistence_amount: '100.00',
  start_date: '2026-05-04',
  end_date: '2026-05-05',
};

/** The valid example with one concept replaced by (or added as) `value`. */
function withConcept(concept: PayrollConcept, value: unknown): PayrollBody {
  const body = validPayrollBody();
  const section = SECTION[concept.kind];
  return { ...body, [section]: { ...body[section], [concept.name]: value } } as PayrollBody;
}

/** One entry of the concept, as the concept's cardinality wants it, and the path of that entry. */
function asValue(concept: PayrollConcept, entry: Record<string, unknown>): { value: unknown; path: string } {
  const base = `${SECTION[concept.kind]}.${concept.name}`;
  return concept.cardinality === 'one' ? { value: entry, path: base } : { value: [entry], path: `${base}[0]` };
}

describe('Payroll concept catalog over HTTP', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ nit: '900825759' });
  });
  after(() => app.close());

  describe('GET /payrolls/v1/concepts', () => {
    it('given a key, then 200 with the 42 concepts, each with name, kind, dian_element, cardinality and fields', async () => {
      const answer = await http(app.baseUrl, 'GET', CONCEPTS, { key: tenant.key });

      expect(answer.status, answer.text).to.equal(200);
      expect(answer.headers.get('content-type')).to.match(/^application\/json/);
      const data = answer.body.data as Array<Record<string, any>>;
      expect(data).to.have.length(42);
      expect(data.filter((concept) => concept.kind === 'accrual')).to.have.length(24);
      expect(data.filter((concept) => concept.kind === 'deduction')).to.have.length(18);
      for (const concept of data) {
        expectSchema('PayrollConcept', concept);
        expect(concept.name, JSON.stringify(concept)).to.be.a('string').and.match(/^[a-z_]+$/);
        expect(['accrual', 'deduction']).to.include(concept.kind);
        expect(concept.dian_element).to.match(/^(Devengados|Deducciones)\//);
        expect(['one', 'many']).to.include(concept.cardinality);
        expect(concept.fields).to.be.an('object').that.is.not.empty;
        for (const [field, presence] of Object.entries(concept.fields)) {
          expect(ENTRY_FIELD_NAMES as readonly string[], `${concept.name}.${field}`).to.include(field);
          expect(['required', 'optional']).to.include(presence);
        }
      }
      const keys = data.map((concept) => `${concept.kind}:${concept.name}`);
      expect(new Set(keys).size).to.equal(42);
    });

    it('given the catalog, then it is the one the service validates against (PAYROLL_CONCEPTS), in catalog order', async () => {
      const { body } = await http(app.baseUrl, 'GET', CONCEPTS, { key: tenant.key });

      expect(body.data.map((concept: any) => ({ name: concept.name, kind: concept.kind, dian_element: concept.dian_element, cardinality: concept.cardinality, fields: concept.fields })))
        .to.deep.equal(PAYROLL_CONCEPTS.map((concept) => ({
          name: concept.name, kind: concept.kind, dian_element: concept.dianElement, cardinality: concept.cardinality, fields: concept.fields,
        })));
    });

    it('given the seed shapes, then basic_salary {amount}, transport_allowance [{amount}], health and pension {percentage, amount}, withholding_tax {amount}', async () => {
      const { body } = await http(app.baseUrl, 'GET', CONCEPTS, { key: tenant.key });
      const find = (kind: string, name: string) => body.data.find((concept: any) => concept.kind === kind && concept.name === name);

      expect(find('accrual', 'basic_salary')).to.include({ cardinality: 'one', required: true });
      expect(find('accrual', 'basic_salary').fields).to.deep.equal({ amount: 'required' });
      expect(find('accrual', 'transport_allowance')).to.include({ cardinality: 'many' });
      expect(find('accrual', 'transport_allowance').fields).to.include({ amount: 'required' });
      for (const name of ['health', 'pension']) {
        expect(find('deduction', name)).to.include({ cardinality: 'one', required: true });
        expect(find('deduction', name).fields).to.deep.equal({ percentage: 'required', amount: 'required' });
      }
      expect(find('deduction', 'withholding_tax')).to.include({ cardinality: 'one' });
      expect(find('deduction', 'withholding_tax').fields).to.deep.equal({ amount: 'required' });
      expect(body.data.filter((concept: any) => concept.required === true).map((concept: any) => concept.name).sort())
        .to.deep.equal(['basic_salary', 'health', 'pension']);
    });

    it('given overtime_and_surcharges, then it lists type codes 1–7 with the DIAN percentages', async () => {
      const { body } = await http(app.baseUrl, 'GET', CONCEPTS, { key: tenant.key });
      const overtime = body.data.find((concept: any) => concept.name === 'overtime_and_surcharges');

      expect(overtime.cardinality).to.equal('many');
      expect(overtime.fields).to.include({ type_code: 'required', quantity: 'required', percentage: 'required', amount: 'required' });
      expect(overtime.type_codes.map((type: any) => [type.code, type.percentage])).to.deep.equal([
        ['1', '25.00'], ['2', '75.00'], ['3', '35.00'], ['4', '100.00'], ['5', '75.00'], ['6', '150.00'], ['7', '110.00'],
      ]);
    });

    it('given no key or an invalid key, then 401 problem+json', async () => {
      expectProblem(await http(app.baseUrl, 'GET', CONCEPTS), 401);
      expectProblem(await http(app.baseUrl, 'GET', CONCEPTS, { key: 'not-a-real-key' }), 401);
    });
  });

  describe('each concept refuses the fields it does not admit, naming the concept and the field', () => {
    for (const concept of PAYROLL_CONCEPTS) {
      const admitted = Object.keys(concept.fields);
      const foreign = [...ENTRY_FIELD_NAMES.filter((field) => !admitted.includes(field)), 'unit_price'];

      it(`${SECTION[concept.kind]}.${concept.name} (admits ${admitted.join(', ')}) refuses ${foreign.join(', ')}`, async () => {
        for (const field of foreign) {
          const { value, path } = asValue(concept, { ...sampleEntry(concept), [field]: WELL_FORMED[field as EntryFieldName] ?? '1.00' });

          const answer = await post(app, PAYROLLS, tenant.key, withConcept(concept, value));

          const [issue] = expect422Naming(answer, `${path}.${field}`);
          expect(issue.field, `${concept.name}.${field}`).to.equal(`${path}.${field}`);
          expect(issue.message).to.equal(`${concept.name} does not admit ${field}; it admits ${admitted.join(', ')}`);
          expectOnlyFields(answer, [`${path}.${field}`]);
        }
      });
    }

    it('given an entry with two fields it does not admit, then both are named', async () => {
      const answer = await post(app, PAYROLLS, tenant.key, withConcept(PAYROLL_CONCEPTS[0], { amount: '2800000.00', quantity: 30, percentage: '4.00' }));

      expectOnlyFields(answer, ['accruals.basic_salary.quantity', 'accruals.basic_salary.percentage']);
    });

    it('given an unpaid license (type_code 3) with an amount, then 422 names licenses[0].amount and the type', async () => {
      const licenses = PAYROLL_CONCEPTS.find((concept) => concept.name === 'licenses')!;
      const answer = await post(app, PAYROLLS, tenant.key, withConcept(licenses, [{ type_code: '3', quantity: 2, amount: '1000.00' }]));

      expect422Naming(answer, 'accruals.licenses[0].amount', /licenses with type_code 3 .* does not admit amount/);
      expectOnlyFields(answer, ['accruals.licenses[0].amount']);
    });

    it('given a paid license (type_code 1 or 2) without an amount, then 422: the type requires it', async () => {
      const licenses = PAYROLL_CONCEPTS.find((concept) => concept.name === 'licenses')!;
      for (const code of ['1', '2']) {
        const answer = await post(app, PAYROLLS, tenant.key, withConcept(licenses, [{ type_code: code, quantity: 2 }]));

        expect422Naming(answer, 'accruals.licenses[0].amount', new RegExp(`is required for type_code ${code}`));
      }
    });

    it('given every concept with only its admitted fields (the sample entry), then it is accepted', async () => {
      for (const concept of PAYROLL_CONCEPTS) {
        const { value } = asValue(concept, sampleEntry(concept));
        const answer = await post(app, PAYROLLS, tenant.key, withConcept(concept, value));
        expect(answer.status, `${concept.name}: ${answer.text}`).to.equal(202);
      }
    });
  });

  describe('each concept requires its required fields', () => {
    for (const concept of PAYROLL_CONCEPTS) {
      const required = Object.entries(concept.fields).filter(([, presence]) => presence === 'required').map(([field]) => field);
      if (required.length === 0) continue;

      it(`${SECTION[concept.kind]}.${concept.name} without ${required.join(' / ')} → 422 naming the field`, async () => {
        for (const field of required) {
          const entry: Record<string, unknown> = { ...sampleEntry(concept) };
          delete entry[field];
          const { value, path } = asValue(concept, entry);

          const answer = await post(app, PAYROLLS, tenant.key, withConcept(concept, value));

          expect422Naming(answer, `${path}.${field}`, /is required/);
        }
      });
    }
  });

  describe('each concept checks its cardinality', () => {
    for (const concept of PAYROLL_CONCEPTS) {
      const wrong = concept.cardinality === 'one' ? 'an array' : 'a single object';
      it(`${SECTION[concept.kind]}.${concept.name} (cardinality ${concept.cardinality}) given ${wrong} → 422 naming the concept`, async () => {
        const entry = sampleEntry(concept);
        const value = concept.cardinality === 'one' ? [entry] : entry;

        const answer = await post(app, PAYROLLS, tenant.key, withConcept(concept, value));

        const issues = expect422Naming(answer, `${SECTION[concept.kind]}.${concept.name}`);
        expect(issues.some((issue) => issue.field === `${SECTION[concept.kind]}.${concept.name}`), JSON.stringify(issues)).to.equal(true);
      });
    }

    it('given a concept of cardinality many with several entries, then it is accepted', async () => {
      const body = validPayrollBody();
      body.accruals.commissions = [{ amount: '100.00' }, { amount: '200.00' }, { amount: '300.00' }];

      await create(app, PAYROLLS, tenant.key, body);
    });

    it('given a concept of cardinality many with 501 entries, then 422 naming the concept', async () => {
      const body = validPayrollBody();
      body.accruals.commissions = Array.from({ length: 501 }, () => ({ amount: '1.00' }));

      expect422Naming(await post(app, PAYROLLS, tenant.key, body), 'accruals.commissions');
    });

    it('given an entry that is not an object inside a list, then 422 naming the entry', async () => {
      const body = validPayrollBody() as any;
      body.accruals.commissions = ['300000.00'];

      expect422Naming(await post(app, PAYROLLS, tenant.key, body), 'accruals.commissions[0]');
    });
  });
});
