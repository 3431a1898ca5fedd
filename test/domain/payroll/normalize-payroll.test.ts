import { expect } from 'chai';
import { normalizePayroll } from '../../../domain/payroll/normalize-payroll.ts';
import { checkPayrollRules } from '../../../domain/payroll/payroll-rules.ts';
import { validPayrollBody } from './valid-payroll-body.ts';

describe('normalizePayroll', () => {
  it('given no worker subtype and a transport allowance without type, then subtype 00 and type 1 are filled', () => {
    const body = validPayrollBody();
    const { worker_subtype: _omitted, ...worker } = body.worker;
    const normalized = normalizePayroll({ ...body, worker });

    expect(normalized.worker.worker_subtype).to.equal('00');
    expect(normalized.accruals.transport_allowance).to.deep.equal([{ amount: '249095.00', type_code: '1' }]);
    expect(checkPayrollRules(normalized)).to.deep.equal([]);
  });

  it('given explicit values, then they are kept and other concepts are untouched', () => {
    const body = validPayrollBody();
    const normalized = normalizePayroll({
      ...body,
      worker: { ...body.worker, worker_subtype: '01' },
      accruals: { ...body.accruals, transport_allowance: [{ type_code: '2', amount: '10.00' }] },
    });
    expect(normalized.worker.worker_subtype).to.equal('01');
    expect(normalized.accruals.transport_allowance).to.deep.equal([{ type_code: '2', amount: '10.00' }]);
    expect(normalized.accruals.basic_salary).to.deep.equal(body.accruals.basic_salary);
    expect(normalized.deductions).to.deep.equal(body.deductions);
  });
});
