import { expect } from 'chai';
import type { PayrollBody, PayrollPayment, PayrollSettlementPeriod, PayrollWorker } from '../../../domain/payroll/payroll-body.ts';
import { checkPayrollRules } from '../../../domain/payroll/payroll-rules.ts';
import { settlementPeriodDates } from '../../../domain/payroll/settlement-period.ts';
import { validPayrollBody } from './valid-payroll-body.ts';

const withWorker = (changes: Partial<PayrollWorker>): PayrollBody => {
  const body = validPayrollBody();
  return { ...body, worker: { ...body.worker, ...changes } };
};
const withPayment = (payment: PayrollPayment): PayrollBody => ({ ...validPayrollBody(), payment });
const withPeriod = (changes: Partial<PayrollSettlementPeriod>): PayrollBody => {
  const body = validPayrollBody();
  return { ...body, settlement_period: { ...body.settlement_period, ...changes } };
};

describe('payroll settlement period, payment and worker rules', () => {
  it('given month 13, year 1999 and period 7, then each is refused', () => {
    const issues = checkPayrollRules(withPeriod({ month: 13, year: 1999, payroll_period_code: '7' }));
    expect(issues.map((issue) => issue.field)).to.deep.equal([
      'settlement_period.month', 'settlement_period.year', 'settlement_period.payroll_period_code',
    ]);
    expect(issues[0].message).to.equal('must be an integer from 1 to 12; got 13');
    expect(issues[2].message).to.equal('"7" is not a payroll period code (DIAN PeriodoNomina); allowed: 1 (Semanal), 2 (Decenal), 3 (Catorcenal), 4 (Quincenal), 5 (Mensual), 6 (Otro)');
  });

  it('given a settlement month, then its first and last days follow the calendar', () => {
    expect(settlementPeriodDates({ month: 2, year: 2024, payroll_period_code: '5' })).to.deep.equal({ start: '2024-02-01', end: '2024-02-29' });
    expect(settlementPeriodDates({ month: 2, year: 2026, payroll_period_code: '5' })).to.deep.equal({ start: '2026-02-01', end: '2026-02-28' });
    expect(settlementPeriodDates({ month: 12, year: 2026, payroll_period_code: '5' }).end).to.equal('2026-12-31');
  });

  it('given a bank deposit without bank data, then bank name, account type and number are required', () => {
    expect(checkPayrollRules(withPayment({ payment_method_code: '47', payment_date: '2026-06-05' }))).to.deep.equal([
      { field: 'payment.bank_name', message: 'is required when payment_method_code is 47 (payment into a bank account)' },
      { field: 'payment.account_type', message: 'is required when payment_method_code is 47 (payment into a bank account)' },
      { field: 'payment.account_number', message: 'is required when payment_method_code is 47 (payment into a bank account)' },
    ]);
  });

  it('given cash, then no bank data is needed; given an unknown method, account type or date, then each is refused', () => {
    expect(checkPayrollRules(withPayment({ payment_method_code: '10', payment_date: '2026-06-05' }))).to.deep.equal([]);
    const issues = checkPayrollRules(withPayment({ payment_method_code: '98', account_type: '4', payment_date: '2026-06-31' }));
    expect(issues.map((issue) => issue.field)).to.deep.equal(['payment.payment_method_code', 'payment.account_type', 'payment.payment_date']);
    expect(issues[1].message).to.equal('"4" is not an account type; allowed: 1 (Nómina), 2 (Ahorros), 3 (Corriente)');
    expect(issues[2].message).to.equal('must be a calendar date written YYYY-MM-DD; got "2026-06-31"');
  });

  it('given document type 48 (PPT, not in the payroll annex) and a number with letters, then both are refused', () => {
    const issues = checkPayrollRules(withWorker({ identification_document_code: '48', identification_number: 'AB12' }));
    expect(issues.map((issue) => issue.field)).to.deep.equal(['worker.identification_document_code', 'worker.identification_number']);
    expect(issues[0].message).to.match(/^"48" is not an identification document type admitted on a payroll; allowed: 11 \(Registro civil\), /);
  });

  it('given a Colombian workplace, then the municipality must be a DIVIPOLA code; abroad it is free', () => {
    expect(checkPayrollRules(withWorker({ municipality_code: undefined }))).to.deep.equal([
      { field: 'worker.municipality_code', message: 'is required' },
    ]);
    expect(checkPayrollRules(withWorker({ municipality_code: '99999' }))[0].field).to.equal('worker.municipality_code');
    expect(checkPayrollRules(withWorker({ country_code: 'EC', municipality_code: 'Quito' }))).to.deep.equal([]);
  });

  it('given unknown worker type, subtype and contract type, then each lists the DIAN codes', () => {
    const issues = checkPayrollRules(withWorker({ worker_type_code: '03', worker_subtype: '02', contract_type: '6' }));
    expect(issues.map((issue) => issue.field)).to.deep.equal(['worker.worker_type_code', 'worker.worker_subtype', 'worker.contract_type']);
    expect(issues[1].message).to.equal('"02" is not a worker subtype (DIAN SubTipoTrabajador); allowed: 00 (No Aplica), 01 (Dependiente pensionado por vejez activo)');
    expect(issues[2].message).to.equal('"6" is not a contract type (DIAN TipoContrato); allowed: 1 (Término Fijo), 2 (Término Indefinido), 3 (Obra o Labor), 4 (Aprendizaje), 5 (Prácticas o Pasantías)');
  });

  it('given no subtype, an empty second surname and no employee code, then there is no issue', () => {
    expect(checkPayrollRules(withWorker({ worker_subtype: undefined, second_surname: '', employee_code: undefined }))).to.deep.equal([]);
  });

  it('given a salary with 3 decimals, a bad entry date and 32 days worked, then each is refused', () => {
    expect(checkPayrollRules(withWorker({ salary: '1.005', entry_date: '2023-13-01', days_worked: 32 }))).to.deep.equal([
      { field: 'worker.salary', message: 'has 3 decimals; at most 2 are allowed' },
      { field: 'worker.entry_date', message: 'must be a calendar date written YYYY-MM-DD; got "2023-13-01"' },
      { field: 'worker.days_worked', message: 'must be an integer from 0 to 31; got 32' },
    ]);
  });

  it('given an entry date after the settled month, then it is refused', () => {
    expect(checkPayrollRules(withWorker({ entry_date: '2026-06-01' }))).to.deep.equal([
      { field: 'worker.entry_date', message: 'is 2026-06-01, after the settlement period ends (2026-05-31)' },
    ]);
    expect(checkPayrollRules(withWorker({ entry_date: '2026-05-31' }))).to.deep.equal([]);
  });

  it('given blank names, then they must not be blank', () => {
    expect(checkPayrollRules(withWorker({ first_name: ' ', first_surname: '', address: '  ' }))).to.deep.equal([
      { field: 'worker.first_name', message: 'must not be blank' },
      { field: 'worker.first_surname', message: 'must not be blank' },
      { field: 'worker.address', message: 'must not be blank' },
    ]);
  });
});
