import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { computePayrollAdjustmentTotals } from '../../../domain/payroll-adjustment/payroll-adjustment-totals.ts';
import { computePayrollTotals } from '../../../domain/payroll/payroll-totals.ts';
import { cune, cuneConcatenation, type CuneFields } from '../../../domain/unique-codes/cune.ts';
import { validPayrollBody } from './valid-payroll-body.ts';

describe('CUNE fields from computed payroll totals (reference §2.6)', () => {
  const header = {
    number: 'NE1',
    issueDate: '2026-06-05',
    issueTime: '10:00:00-05:00',
    employerNit: '900825759',
    softwarePin: '12345',
    environment: '2' as const,
  };

  it('given the provider example, then ValDev, ValDed and ValTolNE are the accrued, deducted and net totals, and DocEmp the worker', () => {
    const body = validPayrollBody();
    const totals = computePayrollTotals(body);
    const fields: CuneFields = {
      ...header,
      accruedTotal: totals.accrued_total,
      deductionsTotal: totals.deducted_total,
      paymentTotal: totals.net_total,
      workerDocument: body.worker.identification_number,
      xmlType: '102',
    };
    const expected = 'NE1' + '2026-06-05' + '10:00:00-05:00' + '3428640.45' + '254363.64' + '3174276.81' +
      '900825759' + '1234567890' + '102' + '12345' + '2';

    expect(cuneConcatenation(fields)).to.equal(expected);
    expect(cune(fields)).to.equal(createHash('sha384').update(expected).digest('hex'));
  });

  it('given a deleting adjustment note, then its zero totals and worker 0 land in the CUNE', () => {
    const totals = computePayrollAdjustmentTotals();
    const fields: CuneFields = {
      ...header,
      number: 'NIAE1',
      accruedTotal: totals.accrued_total,
      deductionsTotal: totals.deducted_total,
      paymentTotal: totals.net_total,
      workerDocument: '0',
      xmlType: '103',
    };
    expect(cuneConcatenation(fields)).to.equal('NIAE12026-06-0510:00:00-05:000.000.000.0090082575901031234' + '52');
  });
});
