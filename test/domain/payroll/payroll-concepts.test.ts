import { expect } from 'chai';
import { ENTRY_FIELD_TYPES } from '../../../domain/payroll/entry-field-types.ts';
import { PAYROLL_CONCEPTS, conceptsOfKind, payrollConcept } from '../../../domain/payroll/payroll-concepts.ts';
import { ENTRY_FIELD_NAMES } from '../../../domain/payroll/payroll-entry.ts';
import { publishedConcepts } from '../../../domain/payroll/published-concepts.ts';

const ACCRUALS = [
  'basic_salary', 'transport_allowance', 'overtime_and_surcharges', 'vacations', 'compensated_vacations', 'bonuses',
  'severance', 'incapacities', 'licenses', 'bonifications', 'aids', 'legal_strikes', 'other_concepts', 'compensations',
  'food_and_service_vouchers', 'commissions', 'third_party_payments', 'advances', 'endowment', 'sustenance_support',
  'telework', 'retirement_bonus', 'compensation_for_dismissal', 'refund',
];
const DEDUCTIONS = [
  'health', 'pension', 'pension_solidarity_fund', 'unions', 'sanctions', 'payroll_loans', 'third_party_payments',
  'advances', 'other_deductions', 'voluntary_pension', 'withholding_tax', 'afc_savings', 'cooperative',
  'tax_garnishment', 'complementary_plans', 'education', 'refund', 'debt',
];

describe('payroll concept catalog', () => {
  it('given the catalog, then it has exactly 42 concepts: 24 accruals and 18 deductions, in XSD order', () => {
    expect(PAYROLL_CONCEPTS).to.have.length(42);
    expect(conceptsOfKind('accrual').map((concept) => concept.name)).to.deep.equal(ACCRUALS);
    expect(conceptsOfKind('deduction').map((concept) => concept.name)).to.deep.equal(DEDUCTIONS);
  });

  it('given a kind and a name, then the lookup finds the concept of that kind only', () => {
    expect(payrollConcept('accrual', 'refund')?.dianElement).to.equal('Devengados/Reintegro');
    expect(payrollConcept('deduction', 'refund')?.dianElement).to.equal('Deducciones/Reintegro');
    expect(payrollConcept('accrual', 'health')).to.equal(undefined);
    expect(payrollConcept('deduction', 'nope')).to.equal(undefined);
  });

  it('given every concept, then it admits only fields of the vocabulary and its type codes are unique', () => {
    for (const concept of PAYROLL_CONCEPTS) {
      for (const field of Object.keys(concept.fields)) expect(ENTRY_FIELD_NAMES).to.include(field, concept.name);
      expect(Object.keys(concept.fields).length, concept.name).to.be.greaterThan(0);
      const codes = (concept.typeCodes ?? []).map((type) => type.code);
      expect(new Set(codes).size, concept.name).to.equal(codes.length);
      expect(concept.typeCodes !== undefined, concept.name).to.equal('type_code' in concept.fields);
    }
    expect(Object.keys(ENTRY_FIELD_TYPES)).to.have.members([...ENTRY_FIELD_NAMES]);
  });

  it('given the shapes the seed fixes, then the catalog agrees', () => {
    expect(payrollConcept('accrual', 'basic_salary')).to.include({ cardinality: 'one' });
    expect(payrollConcept('accrual', 'basic_salary')?.fields).to.deep.equal({ amount: 'required' });
    expect(payrollConcept('accrual', 'transport_allowance')).to.include({ cardinality: 'many' });
    expect(payrollConcept('accrual', 'transport_allowance')?.fields.amount).to.equal('required');
    expect(payrollConcept('accrual', 'overtime_and_surcharges')?.fields).to.have.keys(
      'type_code', 'quantity', 'percentage', 'amount', 'start_date', 'end_date');
    expect(payrollConcept('deduction', 'health')?.fields).to.deep.equal({ percentage: 'required', amount: 'required' });
    expect(payrollConcept('deduction', 'pension')?.fields).to.deep.equal({ percentage: 'required', amount: 'required' });
    expect(payrollConcept('deduction', 'withholding_tax')).to.deep.include({ cardinality: 'one', fields: { amount: 'required' } });
  });

  it('given the overtime types, then codes 1–7 carry the DIAN percentages 25, 75, 35, 100, 75, 150, 110', () => {
    const types = payrollConcept('accrual', 'overtime_and_surcharges')!.typeCodes!;
    expect(types.map((type) => [type.code, type.percentage])).to.deep.equal([
      ['1', '25.00'], ['2', '75.00'], ['3', '35.00'], ['4', '100.00'], ['5', '75.00'], ['6', '150.00'], ['7', '110.00'],
    ]);
    expect(types.map((type) => type.dianElement)).to.deep.equal([
      'Devengados/HEDs/HED', 'Devengados/HENs/HEN', 'Devengados/HRNs/HRN', 'Devengados/HEDDFs/HEDDF',
      'Devengados/HRDDFs/HRDDF', 'Devengados/HENDFs/HENDF', 'Devengados/HRNDFs/HRNDF',
    ]);
  });

  it('given the published catalog, then it is plain JSON with snake_case keys, one item per concept', () => {
    const published = publishedConcepts();
    expect(JSON.parse(JSON.stringify(published))).to.deep.equal(published);
    expect(published).to.have.length(42);
    expect(published[0]).to.deep.equal({
      name: 'basic_salary', kind: 'accrual', dian_element: 'Devengados/Basico', cardinality: 'one',
      fields: { amount: 'required' }, required: true,
    });
    expect(published.find((concept) => concept.name === 'overtime_and_surcharges')?.type_codes?.[5])
      .to.deep.equal({ code: '6', name: 'HENDF Hora extra nocturna dominical y festivos', percentage: '150.00' });
    expect(published.find((concept) => concept.name === 'licenses')?.type_codes?.[2])
      .to.deep.equal({ code: '3', name: 'Licencia no remunerada', fields: { amount: 'not_admitted' } });
    expect(published.filter((concept) => concept.required).map((concept) => concept.name))
      .to.deep.equal(['basic_salary', 'health', 'pension']);
    expect(published.find((concept) => concept.name === 'withholding_tax')).to.deep.equal({
      name: 'withholding_tax', kind: 'deduction', dian_element: 'Deducciones/RetencionFuente', cardinality: 'one',
      fields: { amount: 'required' },
    });
  });
});
