import { expect } from 'chai';
import type { PayrollBody } from '../../../domain/payroll/payroll-body.ts';
import { PAYROLL_CONCEPTS, conceptsOfKind } from '../../../domain/payroll/payroll-concepts.ts';
import { ENTRY_FIELD_NAMES } from '../../../domain/payroll/payroll-entry.ts';
import { checkPayrollRules } from '../../../domain/payroll/payroll-rules.ts';
import { payrollWithEveryConcept, sampleConceptValue, sampleEntry } from './every-concept.ts';
import { validPayrollBody } from './valid-payroll-body.ts';

const SECTION = { accrual: 'accruals', deduction: 'deductions' } as const;

function withConcept(kind: 'accrual' | 'deduction', name: string, value: unknown): PayrollBody {
  const body = validPayrollBody();
  const section = { ...body[SECTION[kind]], [name]: value };
  return { ...body, [SECTION[kind]]: section } as PayrollBody;
}

describe('checkPayrollRules', () => {
  it('given the provider example in the seed shape, then there is no issue', () => {
    expect(checkPayrollRules(validPayrollBody())).to.deep.equal([]);
  });

  it('given a payroll that uses every one of the 42 concepts (and every type code), built from the catalog, then it passes', () => {
    const body = payrollWithEveryConcept();
    expect(Object.keys(body.accruals).length + Object.keys(body.deductions).length).to.equal(42);
    expect(checkPayrollRules(body)).to.deep.equal([]);
  });

  describe('admitted fields', () => {
    for (const concept of PAYROLL_CONCEPTS) {
      const foreign = ENTRY_FIELD_NAMES.find((field) => !(field in concept.fields))!;
      it(`given ${SECTION[concept.kind]}.${concept.name} with ${foreign}, which it does not admit, then the issue names concept and field`, () => {
        const entry = { ...sampleEntry(concept), [foreign]: '1.00' };
        const value = concept.cardinality === 'one' ? entry : [entry];
        const path = `${SECTION[concept.kind]}.${concept.name}${concept.cardinality === 'one' ? '' : '[0]'}`;
        expect(checkPayrollRules(withConcept(concept.kind, concept.name, value))).to.deep.equal([{
          field: `${path}.${foreign}`,
          message: `${concept.name} does not admit ${foreign}; it admits ${Object.keys(concept.fields).join(', ')}`,
        }]);
      });
    }

    it('given basic_salary with a percentage, then the message is the documented one', () => {
      const issues = checkPayrollRules(withConcept('accrual', 'basic_salary', { amount: '100.00', percentage: '4' }));
      expect(issues).to.deep.equal([
        { field: 'accruals.basic_salary.percentage', message: 'basic_salary does not admit percentage; it admits amount' },
      ]);
    });

    it('given an entry without a required field, then that field is required', () => {
      for (const concept of PAYROLL_CONCEPTS) {
        for (const [field, presence] of Object.entries(concept.fields)) {
          if (presence !== 'required') continue;
          const entry = sampleEntry(concept);
          delete entry[field];
          const value = concept.cardinality === 'one' ? entry : [entry];
          const path = `${SECTION[concept.kind]}.${concept.name}${concept.cardinality === 'one' ? '' : '[0]'}`;
          expect(checkPayrollRules(withConcept(concept.kind, concept.name, value)), `${concept.name}.${field}`)
            .to.deep.equal([{ field: `${path}.${field}`, message: 'is required' }]);
        }
      }
    });
  });

  describe('concepts', () => {
    it('given no basic salary, health or pension, then each is required (the deductions by law)', () => {
      const body = validPayrollBody();
      const { basic_salary: _salary, ...accruals } = body.accruals;
      expect(checkPayrollRules({ ...body, accruals, deductions: {} })).to.deep.equal([
        { field: 'accruals.basic_salary', message: 'is required' },
        { field: 'deductions.health', message: 'is required by law' },
        { field: 'deductions.pension', message: 'is required by law' },
      ]);
    });

    it('given an unknown accrual, then the issue names it and lists the allowed names', () => {
      const [issue] = checkPayrollRules(withConcept('accrual', 'salary', { amount: '1.00' }));
      expect(issue.field).to.equal('accruals.salary');
      expect(issue.message).to.equal(
        `is not an accrual concept; allowed: ${conceptsOfKind('accrual').map((concept) => concept.name).join(', ')}`);
    });

    it('given a deduction under accruals, then the issue says where it belongs', () => {
      const [issue] = checkPayrollRules(withConcept('accrual', 'health', { percentage: '4', amount: '1.00' }));
      expect(issue.field).to.equal('accruals.health');
      expect(issue.message).to.match(/^is not an accrual concept \(it is a deduction: put it under deductions\); allowed: basic_salary, /);
    });

    it('given an array for a single concept or an object for a list, then the cardinality is explained', () => {
      expect(checkPayrollRules(withConcept('accrual', 'basic_salary', [{ amount: '1.00' }]))).to.deep.equal([
        { field: 'accruals.basic_salary', message: 'basic_salary takes one entry, a JSON object, not an array' },
      ]);
      expect(checkPayrollRules(withConcept('accrual', 'transport_allowance', { amount: '1.00' }))).to.deep.equal([
        { field: 'accruals.transport_allowance', message: 'transport_allowance takes a list of entries, a JSON array of objects' },
      ]);
      expect(checkPayrollRules(withConcept('deduction', 'unions', ['4.00']))).to.deep.equal([
        { field: 'deductions.unions[0]', message: 'must be an object: an entry of unions' },
      ]);
    });

    it('given an empty list, then it is accepted and adds nothing', () => {
      expect(checkPayrollRules(withConcept('accrual', 'commissions', []))).to.deep.equal([]);
    });
  });

  describe('overtime and surcharges', () => {
    const overtime = (changes: Record<string, unknown>) => withConcept('accrual', 'overtime_and_surcharges', [{
      type_code: '1', quantity: 5, percentage: '25.00', amount: '79545.45',
      start_date: '2026-05-06T18:00:00', end_date: '2026-05-06T23:00:00', ...changes,
    }]);

    it('given a percentage that is not the one of its type, then the issue names the type and its percentage', () => {
      expect(checkPayrollRules(overtime({ type_code: '6', percentage: '100.00' }))).to.deep.equal([{
        field: 'accruals.overtime_and_surcharges[0].percentage',
        message: 'is 100.00; type_code 6 (HENDF Hora extra nocturna dominical y festivos) is paid at 150.00 %',
      }]);
    });

    it('given each type with its own percentage, written with or without decimals, then there is no issue', () => {
      for (const [code, percentage] of [['1', '25'], ['2', '75.0'], ['3', '35.00'], ['4', '100'], ['5', '75'], ['6', '150'], ['7', '110.00']]) {
        expect(checkPayrollRules(overtime({ type_code: code, percentage })), code).to.deep.equal([]);
      }
    });

    it('given an unknown type code, then the allowed types are listed and the percentage is not judged', () => {
      const issues = checkPayrollRules(overtime({ type_code: '8' }));
      expect(issues).to.have.length(1);
      expect(issues[0].field).to.equal('accruals.overtime_and_surcharges[0].type_code');
      expect(issues[0].message).to.match(/^"8" is not a type_code of overtime_and_surcharges; allowed: 1 \(HED Hora extra diurna\), 2 /);
    });

    it('given a fractional or string quantity, then quantity must be an integer', () => {
      expect(checkPayrollRules(overtime({ quantity: 1.5 }))).to.deep.equal([{
        field: 'accruals.overtime_and_surcharges[0].quantity',
        message: 'must be a whole number of 0 or more (a JSON integer); got 1.5',
      }]);
      expect(checkPayrollRules(overtime({ quantity: '5' }))[0].message)
        .to.equal('must be a whole number of 0 or more (a JSON integer); got "5"');
    });

    it('given bare dates or date-times, then both are accepted; a space separator or a bad time is not', () => {
      expect(checkPayrollRules(overtime({ start_date: '2026-05-06', end_date: '2026-05-06' }))).to.deep.equal([]);
      expect(checkPayrollRules(overtime({ start_date: '2026-05-06', end_date: '2026-05-06T23:00:00' }))).to.deep.equal([]);
      expect(checkPayrollRules(overtime({ start_date: '2026-05-06 18:00:00', end_date: '2026-05-06T24:00:00' }))).to.deep.equal([
        { field: 'accruals.overtime_and_surcharges[0].start_date', message: 'must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SS; got "2026-05-06 18:00:00"' },
        { field: 'accruals.overtime_and_surcharges[0].end_date', message: 'must be a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SS; got "2026-05-06T24:00:00"' },
      ]);
    });

    it('given an end before the start, then the end date is refused', () => {
      expect(checkPayrollRules(overtime({ start_date: '2026-05-06T23:00:00', end_date: '2026-05-06T18:00:00' }))).to.deep.equal([{
        field: 'accruals.overtime_and_surcharges[0].end_date', message: 'is 2026-05-06T18:00:00, before start_date 2026-05-06T23:00:00',
      }]);
      expect(checkPayrollRules(overtime({ start_date: '2026-05-07', end_date: '2026-05-06T23:00:00' }))).to.have.length(1);
    });
  });

  describe('entry values', () => {
    it('given amounts with 3 decimals, negative or as numbers, then each is refused', () => {
      const issues = checkPayrollRules(withConcept('accrual', 'commissions', [{ amount: '1.005' }, { amount: '-1.00' }, { amount: 10 }]));
      expect(issues).to.deep.equal([
        { field: 'accruals.commissions[0].amount', message: 'has 3 decimals; at most 2 are allowed' },
        { field: 'accruals.commissions[1].amount', message: 'must not be negative; got "-1.00"' },
        { field: 'accruals.commissions[2].amount', message: 'must be a decimal string such as "1500.00"; got 10' },
      ]);
    });

    it('given a percentage over 100 outside overtime, then it is refused', () => {
      expect(checkPayrollRules(withConcept('deduction', 'health', { percentage: '100.01', amount: '1.00' }))).to.deep.equal([
        { field: 'deductions.health.percentage', message: 'is 100.01; a percentage is at most 100' },
      ]);
    });

    it('given dates that are not calendar dates, or a vacation ending before it starts, then they are refused', () => {
      const vacation = { quantity: 2, amount: '1.00' };
      expect(checkPayrollRules(withConcept('accrual', 'vacations', [{ ...vacation, start_date: '2026-02-30' }]))).to.deep.equal([
        { field: 'accruals.vacations[0].start_date', message: 'must be a calendar date written YYYY-MM-DD; got "2026-02-30"' },
      ]);
      expect(checkPayrollRules(withConcept('accrual', 'vacations', [{ ...vacation, start_date: '2026-05-10', end_date: '2026-05-09' }])))
        .to.deep.equal([{ field: 'accruals.vacations[0].end_date', message: 'is 2026-05-09, before start_date 2026-05-10' }]);
    });

    it('given incapacity type 4, then the allowed types 1–3 are listed', () => {
      const issues = checkPayrollRules(withConcept('accrual', 'incapacities', [{ type_code: '4', quantity: 2, amount: '1.00' }]));
      expect(issues).to.deep.equal([{
        field: 'accruals.incapacities[0].type_code',
        message: '"4" is not a type_code of incapacities; allowed: 1 (Común), 2 (Profesional), 3 (Laboral)',
      }]);
    });

    it('given licenses, then a paid one needs an amount and an unpaid one (LicenciaNR) admits none', () => {
      expect(checkPayrollRules(withConcept('accrual', 'licenses', [
        { type_code: '1', quantity: 14 },
        { type_code: '3', quantity: 2, amount: '0.00' },
        { type_code: '3', quantity: 2 },
      ]))).to.deep.equal([
        { field: 'accruals.licenses[0].amount', message: 'is required for type_code 1 (Licencia de maternidad o paternidad)' },
        { field: 'accruals.licenses[1].amount', message: 'an entry of licenses with type_code 3 (Licencia no remunerada) does not admit amount' },
      ]);
    });

    it('given a solidarity fund entry, then percentage and amount go together and one part is required', () => {
      expect(checkPayrollRules(withConcept('deduction', 'pension_solidarity_fund', {}))).to.deep.equal([
        { field: 'deductions.pension_solidarity_fund', message: 'pension_solidarity_fund needs at least one of amount, subsistence_amount' },
      ]);
      expect(checkPayrollRules(withConcept('deduction', 'pension_solidarity_fund', { amount: '1.00', subsistence_percentage: '0.5' })))
        .to.deep.equal([
          { field: 'deductions.pension_solidarity_fund.percentage', message: 'is required when amount is given' },
          { field: 'deductions.pension_solidarity_fund.subsistence_amount', message: 'is required when subsistence_percentage is given' },
        ]);
      expect(checkPayrollRules(withConcept('deduction', 'pension_solidarity_fund', { percentage: '1', amount: '1.00' }))).to.deep.equal([]);
    });

    it('given a loan without a description or a blank one, then the description is required', () => {
      expect(checkPayrollRules(withConcept('deduction', 'payroll_loans', [{ amount: '1.00' }, { amount: '1.00', description: ' ' }])))
        .to.deep.equal([
          { field: 'deductions.payroll_loans[0].description', message: 'is required' },
          { field: 'deductions.payroll_loans[1].description', message: 'must not be blank' },
        ]);
    });

    it('given a transport allowance without a type, then it is the transport aid; a travel allowance has its own type', () => {
      expect(checkPayrollRules(withConcept('accrual', 'transport_allowance', [{ amount: '1.00' }, { type_code: '3', amount: '2.00' }])))
        .to.deep.equal([]);
    });

    it('given every typed concept, then each sample entry of each type passes', () => {
      for (const concept of PAYROLL_CONCEPTS.filter((candidate) => candidate.typeCodes)) {
        expect(checkPayrollRules(withConcept(concept.kind, concept.name, sampleConceptValue(concept))), concept.name).to.deep.equal([]);
      }
    });
  });

  it('given an observation of 251 characters, then it is too long', () => {
    expect(checkPayrollRules({ ...validPayrollBody(), observation: 'x'.repeat(251) })).to.deep.equal([
      { field: 'observation', message: 'has 251 characters; at most 250 are allowed' },
    ]);
  });
});
