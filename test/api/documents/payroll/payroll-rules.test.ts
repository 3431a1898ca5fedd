import { expect } from 'chai';
import type { PayrollBody } from '../../../../domain/payroll/payroll-body.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import type { HttpAnswer } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { PAYROLLS, create, expect422Naming, expectOnlyFields, post } from './payroll-test-helpers.ts';

const OVERTIME = [
  ['1', '25.00'], ['2', '75.00'], ['3', '35.00'], ['4', '100.00'], ['5', '75.00'], ['6', '150.00'], ['7', '110.00'],
] as const;

/** The valid example, changed by `change`; `any` because the point is to send what the type forbids. */
function bodyWith(change: (body: any) => void): PayrollBody {
  const body = validPayrollBody();
  change(body);
  return body;
}

function overtimeEntry(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { type_code: '1', quantity: 5, percentage: '25.00', amount: '79545.45', start_date: '2026-05-06T18:00:00', end_date: '2026-05-06T23:00:00', ...fields };
}

describe('Payroll issuance rules over HTTP: each broken rule → 422 problem+json naming the field', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant({ nit: '900825759' });
  });
  after(() => app.close());

  const send = (body: unknown): Promise<HttpAnswer> => post(app, PAYROLLS, tenant.key, body);

  describe('required concepts', () => {
    it('given no accruals.basic_salary, then 422 names accruals.basic_salary as required', async () => {
      const answer = await send(bodyWith((body) => delete body.accruals.basic_salary));

      expect422Naming(answer, 'accruals.basic_salary', /is required/);
      expectOnlyFields(answer, ['accruals.basic_salary']);
    });

    it('given no deductions.health, then 422 names deductions.health as required', async () => {
      const answer = await send(bodyWith((body) => delete body.deductions.health));

      expect422Naming(answer, 'deductions.health', /is required/);
      expectOnlyFields(answer, ['deductions.health']);
    });

    it('given no deductions.pension, then 422 names deductions.pension as required', async () => {
      const answer = await send(bodyWith((body) => delete body.deductions.pension));

      expect422Naming(answer, 'deductions.pension', /is required/);
      expectOnlyFields(answer, ['deductions.pension']);
    });

    it('given none of the three, then one answer names all three', async () => {
      const answer = await send(bodyWith((body) => {
        delete body.accruals.basic_salary;
        body.deductions = {};
      }));

      expectOnlyFields(answer, ['accruals.basic_salary', 'deductions.health', 'deductions.pension']);
    });

    it('given health sent as null, then 422 names deductions.health', async () => {
      expect422Naming(await send(bodyWith((body) => { body.deductions.health = null; })), 'deductions.health');
    });

    it('given no accruals or no deductions section at all, then 422 names the section', async () => {
      expect422Naming(await send(bodyWith((body) => delete body.accruals)), 'accruals');
      expect422Naming(await send(bodyWith((body) => delete body.deductions)), 'deductions');
    });

    it('given accruals as an array, then 422 names accruals', async () => {
      expect422Naming(await send(bodyWith((body) => { body.accruals = [{ amount: '1.00' }]; })), 'accruals');
    });
  });

  describe('concept names', () => {
    it('given an unknown accrual name, then 422 names it', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.salary = { amount: '1.00' }; }));

      expect422Naming(answer, 'accruals.salary');
      expectOnlyFields(answer, ['accruals.salary']);
    });

    it('given an unknown deduction name, then 422 names it', async () => {
      const answer = await send(bodyWith((body) => { body.deductions.income_tax = { amount: '1.00' }; }));

      expect422Naming(answer, 'deductions.income_tax');
      expectOnlyFields(answer, ['deductions.income_tax']);
    });

    it('given a deduction put under accruals (health), then 422 names accruals.health', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.health = { percentage: '4.00', amount: '1.00' }; }));

      expect422Naming(answer, 'accruals.health');
    });

    it('given a provider abbreviation instead of the business name (tra, hed), then 422 names it', async () => {
      expect422Naming(await send(bodyWith((body) => { body.accruals.tra = [{ amount: '1.00' }]; })), 'accruals.tra');
      expect422Naming(await send(bodyWith((body) => { body.accruals.hed = [overtimeEntry()]; })), 'accruals.hed');
    });
  });

  describe('cardinality', () => {
    it('given transport_allowance as an object instead of an array, then 422 names accruals.transport_allowance', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.transport_allowance = { amount: '249095.00' }; }));

      expect422Naming(answer, 'accruals.transport_allowance');
      expectOnlyFields(answer, ['accruals.transport_allowance']);
    });

    it('given basic_salary as an array instead of an object, then 422 names accruals.basic_salary', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.basic_salary = [{ amount: '2800000.00' }]; }));

      expect422Naming(answer, 'accruals.basic_salary');
      expectOnlyFields(answer, ['accruals.basic_salary']);
    });

    it('given health as an array, then 422 names deductions.health', async () => {
      const answer = await send(bodyWith((body) => { body.deductions.health = [{ percentage: '4.00', amount: '127181.82' }]; }));

      expect422Naming(answer, 'deductions.health');
    });

    it('given overtime_and_surcharges as one object, then 422 names accruals.overtime_and_surcharges', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.overtime_and_surcharges = overtimeEntry(); }));

      expect422Naming(answer, 'accruals.overtime_and_surcharges');
    });
  });

  describe('overtime and surcharges: type codes 1–7 and their percentages', () => {
    for (const [code, percentage] of OVERTIME) {
      it(`given type_code ${code} at ${percentage} %, then it is accepted`, async () => {
        await create(app, PAYROLLS, tenant.key, bodyWith((body) => {
          body.accruals.overtime_and_surcharges = [overtimeEntry({ type_code: code, percentage })];
        }));
      });

      it(`given type_code ${code} with a percentage other than ${percentage}, then 422 names the percentage and the type`, async () => {
        const wrong = percentage === '25.00' ? '75.00' : '25.00';
        const answer = await send(bodyWith((body) => {
          body.accruals.overtime_and_surcharges = [overtimeEntry({ type_code: code, percentage: wrong })];
        }));

        expect422Naming(answer, 'accruals.overtime_and_surcharges[0].percentage', new RegExp(`type_code ${code} .*${percentage.replace('.', '\\.')}`));
        expectOnlyFields(answer, ['accruals.overtime_and_surcharges[0].percentage']);
      });
    }

    it('given the percentage written without decimals (25 for type 1), then it is accepted: the value counts, not the spelling', async () => {
      await create(app, PAYROLLS, tenant.key, bodyWith((body) => { body.accruals.overtime_and_surcharges = [overtimeEntry({ percentage: '25' })]; }));
    });

    it('given type_code 8, then 422 names accruals.overtime_and_surcharges[0].type_code', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.overtime_and_surcharges = [overtimeEntry({ type_code: '8' })]; }));

      expect422Naming(answer, 'accruals.overtime_and_surcharges[0].type_code', /"8" is not a type_code of overtime_and_surcharges/);
      expectOnlyFields(answer, ['accruals.overtime_and_surcharges[0].type_code']);
    });

    it('given type_code 0, then 422 names the type_code', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.overtime_and_surcharges = [overtimeEntry({ type_code: '0' })]; }));

      expect422Naming(answer, 'accruals.overtime_and_surcharges[0].type_code');
    });

    it('given type_code as a number, then 422 names the type_code', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.overtime_and_surcharges = [overtimeEntry({ type_code: 1 })]; }));

      expect422Naming(answer, 'accruals.overtime_and_surcharges[0].type_code');
    });

    it('given an entry without type_code, quantity or percentage, then 422 names each', async () => {
      const answer = await send(bodyWith((body) => {
        body.accruals.overtime_and_surcharges = [{ amount: '79545.45' }];
      }));

      expectOnlyFields(answer, [
        'accruals.overtime_and_surcharges[0].type_code',
        'accruals.overtime_and_surcharges[0].quantity',
        'accruals.overtime_and_surcharges[0].percentage',
      ]);
    });

    it('given the second entry broken, then the path names index 1', async () => {
      const answer = await send(bodyWith((body) => {
        body.accruals.overtime_and_surcharges = [overtimeEntry(), overtimeEntry({ type_code: '2', percentage: '25.00' })];
      }));

      expectOnlyFields(answer, ['accruals.overtime_and_surcharges[1].percentage']);
    });

    it('given end_date before start_date, then 422 names end_date', async () => {
      const answer = await send(bodyWith((body) => {
        body.accruals.overtime_and_surcharges = [overtimeEntry({ start_date: '2026-05-06T18:00:00', end_date: '2026-05-06T17:00:00' })];
      }));

      expect422Naming(answer, 'accruals.overtime_and_surcharges[0].end_date', /before start_date/);
    });

    it('given a date-time with an offset, then 422 names the date', async () => {
      const answer = await send(bodyWith((body) => {
        body.accruals.overtime_and_surcharges = [overtimeEntry({ start_date: '2026-05-06T18:00:00-05:00' })];
      }));

      expect422Naming(answer, 'accruals.overtime_and_surcharges[0].start_date');
    });

    it('given a fractional or negative quantity, then 422 names the quantity', async () => {
      for (const quantity of [2.5, -1, '5']) {
        const answer = await send(bodyWith((body) => { body.accruals.overtime_and_surcharges = [overtimeEntry({ quantity })]; }));

        expect422Naming(answer, 'accruals.overtime_and_surcharges[0].quantity');
      }
    });
  });

  describe('amounts and percentages', () => {
    it('given an amount with three decimals, then 422 names it', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.basic_salary = { amount: '2800000.001' }; }));

      expect422Naming(answer, 'accruals.basic_salary.amount', /3 decimals/);
      expectOnlyFields(answer, ['accruals.basic_salary.amount']);
    });

    it('given a deduction amount or a percentage with three decimals, then 422 names it', async () => {
      const amount = await send(bodyWith((body) => { body.deductions.pension = { percentage: '4.00', amount: '127181.825' }; }));
      expect422Naming(amount, 'deductions.pension.amount', /3 decimals/);
      expectOnlyFields(amount, ['deductions.pension.amount']);

      const percentage = await send(bodyWith((body) => { body.deductions.health = { percentage: '4.125', amount: '127181.82' }; }));
      expect422Naming(percentage, 'deductions.health.percentage', /3 decimals/);
      expectOnlyFields(percentage, ['deductions.health.percentage']);
    });

    it('given an amount with three decimals in a list entry, then 422 names the entry', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.commissions = [{ amount: '300000.00' }, { amount: '0.005' }]; }));

      expectOnlyFields(answer, ['accruals.commissions[1].amount']);
    });

    it('given a negative accrual amount, then 422 names it', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.basic_salary = { amount: '-2800000.00' }; }));

      expect422Naming(answer, 'accruals.basic_salary.amount', /negative/);
      expectOnlyFields(answer, ['accruals.basic_salary.amount']);
    });

    it('given a negative deduction amount or percentage, then 422 names it', async () => {
      const amount = await send(bodyWith((body) => { body.deductions.health = { percentage: '4.00', amount: '-127181.82' }; }));
      expect422Naming(amount, 'deductions.health.amount', /negative/);
      expectOnlyFields(amount, ['deductions.health.amount']);

      const percentage = await send(bodyWith((body) => { body.deductions.pension = { percentage: '-4.00', amount: '127181.82' }; }));
      expect422Naming(percentage, 'deductions.pension.percentage', /negative/);
    });

    it('given a negative overtime amount, then 422 names it', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.overtime_and_surcharges = [overtimeEntry({ amount: '-1.00' })]; }));

      expectOnlyFields(answer, ['accruals.overtime_and_surcharges[0].amount']);
    });

    it('given an amount sent as a JSON number or a non-decimal string, then 422 names it', async () => {
      for (const amount of [2800000, '2,800,000.00', '1e6', '']) {
        const answer = await send(bodyWith((body) => { body.accruals.basic_salary = { amount }; }));

        expect422Naming(answer, 'accruals.basic_salary.amount');
      }
    });

    it('given a percentage above 100 (severance interest, unions), then 422 names it', async () => {
      const severance = await send(bodyWith((body) => {
        body.accruals.severance = { amount: '1000.00', percentage: '100.01', interest_amount: '120.00' };
      }));
      expect422Naming(severance, 'accruals.severance.percentage', /at most 100/);

      const unions = await send(bodyWith((body) => { body.deductions.unions = [{ percentage: '150.00', amount: '1.00' }]; }));
      expect422Naming(unions, 'deductions.unions[0].percentage', /at most 100/);
    });
  });

  describe('entries with constraints between fields', () => {
    it('given pension_solidarity_fund with neither amount nor subsistence_amount, then 422 names the entry', async () => {
      const answer = await send(bodyWith((body) => { body.deductions.pension_solidarity_fund = {}; }));

      expect422Naming(answer, 'deductions.pension_solidarity_fund', /at least one of amount, subsistence_amount/);
    });

    it('given pension_solidarity_fund with a percentage and no amount, then 422 names amount', async () => {
      const answer = await send(bodyWith((body) => {
        body.deductions.pension_solidarity_fund = { percentage: '1.00', subsistence_percentage: '0.50', subsistence_amount: '100.00' };
      }));

      expect422Naming(answer, 'deductions.pension_solidarity_fund.amount', /is required when percentage is given/);
    });

    it('given pension_solidarity_fund with a subsistence_amount and no subsistence_percentage, then 422 names subsistence_percentage', async () => {
      const answer = await send(bodyWith((body) => { body.deductions.pension_solidarity_fund = { subsistence_amount: '100.00' }; }));

      expect422Naming(answer, 'deductions.pension_solidarity_fund.subsistence_percentage');
    });

    it('given other_concepts with a blank description, then 422 names the description', async () => {
      const answer = await send(bodyWith((body) => {
        body.accruals.other_concepts = [{ description: '   ', type_code: '1', amount: '1.00' }];
      }));

      expect422Naming(answer, 'accruals.other_concepts[0].description');
    });

    it('given payroll_loans with a description longer than 250 characters, then 422 names it', async () => {
      const answer = await send(bodyWith((body) => { body.deductions.payroll_loans = [{ description: 'x'.repeat(251), amount: '1.00' }]; }));

      expect422Naming(answer, 'deductions.payroll_loans[0].description');
    });

    it('given vacations dated on an impossible day, then 422 names the date', async () => {
      const answer = await send(bodyWith((body) => {
        body.accruals.vacations = [{ start_date: '2026-02-30', end_date: '2026-03-02', quantity: 2, amount: '1.00' }];
      }));

      expect422Naming(answer, 'accruals.vacations[0].start_date');
    });

    it('given an incapacity with a type_code it does not have, then 422 names the type_code', async () => {
      const answer = await send(bodyWith((body) => { body.accruals.incapacities = [{ type_code: '4', quantity: 2, amount: '1.00' }]; }));

      expect422Naming(answer, 'accruals.incapacities[0].type_code', /not a type_code of incapacities/);
    });

    it('given a transport allowance without type_code, then it is accepted (type 1 by default)', async () => {
      await create(app, PAYROLLS, tenant.key, bodyWith((body) => { body.accruals.transport_allowance = [{ amount: '249095.00' }]; }));
    });
  });

  describe('settlement period', () => {
    it('given month 13, then 422 names settlement_period.month', async () => {
      const answer = await send(bodyWith((body) => { body.settlement_period.month = 13; }));

      expect422Naming(answer, 'settlement_period.month');
      expectOnlyFields(answer, ['settlement_period.month']);
    });

    it('given month 0 or a fractional month, then 422 names settlement_period.month', async () => {
      for (const month of [0, 5.5, '5']) {
        expect422Naming(await send(bodyWith((body) => { body.settlement_period.month = month; })), 'settlement_period.month');
      }
    });

    it('given a year outside 2000–2100, then 422 names settlement_period.year', async () => {
      expect422Naming(await send(bodyWith((body) => { body.settlement_period.year = 1999; })), 'settlement_period.year');
    });

    it('given an unknown payroll period code, then 422 names settlement_period.payroll_period_code', async () => {
      expect422Naming(await send(bodyWith((body) => { body.settlement_period.payroll_period_code = '9'; })), 'settlement_period.payroll_period_code');
    });

    it('given no settlement_period, then 422 names it', async () => {
      expect422Naming(await send(bodyWith((body) => delete body.settlement_period)), 'settlement_period');
    });
  });

  describe('worker', () => {
    it('given an unknown Colombian municipality, then 422 names worker.municipality_code', async () => {
      const answer = await send(bodyWith((body) => { body.worker.municipality_code = '99999'; }));

      expect422Naming(answer, 'worker.municipality_code', /"99999" is not a Colombian municipality code/);
      expectOnlyFields(answer, ['worker.municipality_code']);
    });

    it('given a Colombian worker without a municipality, then 422 names worker.municipality_code', async () => {
      expect422Naming(await send(bodyWith((body) => delete body.worker.municipality_code)), 'worker.municipality_code', /is required/);
    });

    it('given an identification number with letters, then 422 names worker.identification_number', async () => {
      expect422Naming(await send(bodyWith((body) => { body.worker.identification_number = '12345A'; })), 'worker.identification_number', /only digits/);
    });

    it('given an unknown identification document code, then 422 names it', async () => {
      expect422Naming(await send(bodyWith((body) => { body.worker.identification_document_code = '99'; })), 'worker.identification_document_code');
    });

    it('given an unknown country, worker type or contract type, then 422 names each', async () => {
      expect422Naming(await send(bodyWith((body) => { body.worker.country_code = 'XX'; })), 'worker.country_code');
      expect422Naming(await send(bodyWith((body) => { body.worker.worker_type_code = '99'; })), 'worker.worker_type_code');
      expect422Naming(await send(bodyWith((body) => { body.worker.contract_type = '9'; })), 'worker.contract_type');
    });

    it('given a salary with three decimals or negative, then 422 names worker.salary', async () => {
      expect422Naming(await send(bodyWith((body) => { body.worker.salary = '2800000.001'; })), 'worker.salary', /3 decimals/);
      expect422Naming(await send(bodyWith((body) => { body.worker.salary = '-1.00'; })), 'worker.salary', /negative/);
    });

    it('given an entry date after the settlement period ends, then 422 names worker.entry_date', async () => {
      expect422Naming(await send(bodyWith((body) => { body.worker.entry_date = '2026-06-01'; })), 'worker.entry_date', /after the settlement period ends/);
    });

    it('given more than 31 days worked, then 422 names worker.days_worked', async () => {
      expect422Naming(await send(bodyWith((body) => { body.worker.days_worked = 32; })), 'worker.days_worked');
    });

    it('given an unknown worker field, then 422 names it', async () => {
      expect422Naming(await send(bodyWith((body) => { body.worker.nickname = 'Teo'; })), 'worker.nickname');
    });
  });

  describe('payment and the rest of the body', () => {
    it('given a bank deposit (42) without a bank account number, then 422 names payment.account_number', async () => {
      expect422Naming(await send(bodyWith((body) => delete body.payment.account_number)), 'payment.account_number', /is required when payment_method_code is 42/);
    });

    it('given an unknown payment method or account type, then 422 names it', async () => {
      expect422Naming(await send(bodyWith((body) => { body.payment.payment_method_code = 'ZZ'; })), 'payment.payment_method_code');
      expect422Naming(await send(bodyWith((body) => { body.payment.account_type = '9'; })), 'payment.account_type');
    });

    it('given cash (10) without bank fields, then it is accepted', async () => {
      await create(app, PAYROLLS, tenant.key, bodyWith((body) => {
        body.payment = { payment_method_code: '10', payment_date: '2026-06-05' };
      }));
    });

    it('given an impossible payment date, then 422 names payment.payment_date', async () => {
      expect422Naming(await send(bodyWith((body) => { body.payment.payment_date = '2026-02-30'; })), 'payment.payment_date');
    });

    it('given an observation longer than 250 characters, then 422 names observation', async () => {
      expect422Naming(await send(bodyWith((body) => { body.observation = 'x'.repeat(251); })), 'observation');
    });

    it('given an unknown top-level field, then 422 names it', async () => {
      expect422Naming(await send(bodyWith((body) => { body.email = 'a@b.co'; })), 'email');
    });
  });

  describe('a refused payroll leaves no trace', () => {
    it('given a 422, then nothing was appended and the list does not grow', async () => {
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      const answer = await send(bodyWith((body) => { body.settlement_period.month = 13; }));

      expect(answer.status).to.equal(422);
      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });
  });
});
