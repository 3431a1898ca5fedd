import { expect } from 'chai';
import { documentDecider } from '../../../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { cufe } from '../../../../domain/unique-codes/cufe.ts';
import { SandboxNumbering } from '../../../../infrastructure/providers/sandbox/sandbox-numbering.ts';
import { SANDBOX_RANGES } from '../../../../infrastructure/providers/sandbox/sandbox-ranges.ts';
import { SandboxProvider } from '../../../../infrastructure/providers/sandbox/sandbox-provider.ts';
import { SANDBOX_TEST_VALUES } from '../../../../infrastructure/providers/sandbox/sandbox-scenarios.ts';
import { FixedClock, invoiceFor, openTempStores, type TempStores } from '../../../support/fixtures.ts';

const clock = new FixedClock('2024-03-01T15:30:00.000Z');
const scope = { tenantId: 't-1', environment: 'test', family: 'sales-invoice' as const };

function documentFor(id: string, identification = '123456789', environment = 'test', tenantId = 't-1'): DocumentState {
  const events = documentDecider.decide(
    {
      type: 'CreateDocument',
      family: salesInvoiceFamily,
      documentId: id,
      tenantId,
      environment,
      transactionId: `tx-${id}`,
      idempotencyKey: id,
      requestHash: 'h',
      issuer: { nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor' },
      body: invoiceFor(identification),
      now: clock.now(),
    },
    documentDecider.initialState(),
  );
  const created = events.reduce(documentDecider.evolve, documentDecider.initialState());
  return documentDecider.decide({ type: 'StartSubmission', leaseMs: 60_000, now: clock.now() }, created).reduce(documentDecider.evolve, created);
}

describe('sandbox provider', () => {
  let stores: TempStores;

  beforeEach(() => {
    stores = openTempStores();
  });
  afterEach(() => stores.dispose());

  describe('SandboxNumbering', () => {
    it('given a fresh range, when documents ask for numbers, then they are consecutive from SETP990000000', async () => {
      const numbering = new SandboxNumbering(stores.events);
      const numbers = [];
      for (const id of ['d1', 'd2', 'd3']) numbers.push(await numbering.assign(scope, id));
      expect(numbers).to.deep.equal(['SETP990000000', 'SETP990000001', 'SETP990000002']);
      expect(SANDBOX_RANGES['sales-invoice']).to.include({ prefix: 'SETP', from: 990000000 });
    });

    it('given a numbered document, when it asks again, then it gets the same number and the range does not move', async () => {
      const numbering = new SandboxNumbering(stores.events);
      await numbering.assign(scope, 'd1');
      expect(await numbering.assign(scope, 'd1')).to.equal('SETP990000000');
      expect(await numbering.assign(scope, 'd2')).to.equal('SETP990000001');
    });

    it('given numbers assigned, when a new SandboxNumbering opens the same store (restart), then numbers are kept and the next continues', async () => {
      const first = new SandboxNumbering(stores.events);
      await first.assign(scope, 'd1');
      await first.assign(scope, 'd2');
      const { events } = stores.reopen();
      const restarted = new SandboxNumbering(events);
      expect(await restarted.assign(scope, 'd2')).to.equal('SETP990000001');
      expect(await restarted.assign(scope, 'd3')).to.equal('SETP990000002');
    });

    it('given two instances over one store (two processes), when both assign, then numbers never repeat', async () => {
      const a = new SandboxNumbering(stores.events);
      const b = new SandboxNumbering(stores.events);
      await a.assign(scope, 'warm-a');
      await b.assign(scope, 'warm-b');
      const numbers = await Promise.all([a.assign(scope, 'x1'), b.assign(scope, 'x2'), a.assign(scope, 'x3'), b.assign(scope, 'x4')]);
      expect(new Set(numbers).size).to.equal(4);
      expect([...numbers].sort()).to.deep.equal(['SETP990000002', 'SETP990000003', 'SETP990000004', 'SETP990000005']);
    });

    it('given concurrent requests on one instance, when assigned, then numbers are consecutive without gaps or repeats', async () => {
      const numbering = new SandboxNumbering(stores.events);
      const numbers = await Promise.all(Array.from({ length: 10 }, (_, i) => numbering.assign(scope, `d${i}`)));
      expect([...numbers].sort()).to.deep.equal(Array.from({ length: 10 }, (_, i) => `SETP99000000${i}`));
    });

    it('given each tenant and environment, then each has its own range', async () => {
      const numbering = new SandboxNumbering(stores.events);
      expect(await numbering.assign(scope, 'd1')).to.equal('SETP990000000');
      expect(await numbering.assign({ ...scope, tenantId: 't-2' }, 'd1')).to.equal('SETP990000000');
      expect(await numbering.assign({ ...scope, environment: 'live' }, 'd1')).to.equal('SETP990000000');
    });

    it('given a withdrawn document, when it asks for a number, then it gets none and the range does not move', async () => {
      const numbering = new SandboxNumbering(stores.events);
      expect(await numbering.withdraw(scope, 'gone')).to.equal(null);
      expect(await numbering.assign(scope, 'gone')).to.equal(null);
      expect(await numbering.assign(scope, 'next')).to.equal('SETP990000000');
      const restarted = new SandboxNumbering(stores.reopen().events);
      expect(await restarted.assign(scope, 'gone')).to.equal(null);
    });

    it('given a numbered document, when withdrawn, then it answers its number (it was validated first)', async () => {
      const numbering = new SandboxNumbering(stores.events);
      await numbering.assign(scope, 'd1');
      expect(await numbering.withdraw(scope, 'd1')).to.equal('SETP990000000');
      expect(await numbering.assign(scope, 'd1')).to.equal('SETP990000000');
    });

    it('given an exhausted range, when a number is asked, then it fails clearly', async () => {
      const numbering = new SandboxNumbering(stores.events, { ...SANDBOX_RANGES, 'sales-invoice': { ...SANDBOX_RANGES['sales-invoice'], from: 1, to: 2 } });
      await numbering.assign(scope, 'a');
      await numbering.assign(scope, 'b');
      const error = await numbering.assign(scope, 'c').then(() => null, (e: Error) => e);
      expect(error?.message).to.contain('exhausted');
    });
  });

  describe('SandboxProvider', () => {
    const provider = () => new SandboxProvider(new SandboxNumbering(stores.events), clock, 0);

    it('given an ordinary document, when submitted, then it is validated with the next number, no warnings and the clock time', async () => {
      const outcome = await provider().submit(documentFor('d1'));
      expect(outcome).to.include({ kind: 'validated', number: 'SETP990000000', validatedAt: '2024-03-01T15:30:00.000Z' });
      if (outcome.kind === 'validated') expect(outcome.warnings).to.deep.equal([]);
    });

    it('given a validated document, then its CUFE is the DIAN formula over number, dates, totals, issuer, acquirer, technical key and testing environment', async () => {
      const document = documentFor('d1');
      const outcome = await provider().submit(document);
      if (outcome.kind !== 'validated') expect.fail('expected a validation');
      const totals = document.totals as { line_extension_amount: string; payable_amount: string; tax_totals: Array<{ code: string; tax_amount: string }> };
      const tax = (code: string) => totals.tax_totals.find((t) => t.code === code)?.tax_amount ?? '0.00';
      const expected = cufe({
        number: outcome.number,
        issueDate: '2024-03-01',
        issueTime: '10:30:00-05:00',
        lineExtensionAmount: totals.line_extension_amount,
        ivaAmount: tax('01'),
        incAmount: tax('04'),
        icaAmount: tax('03'),
        payableAmount: totals.payable_amount,
        issuerNit: '900825759',
        acquirerId: '123456789',
        technicalKey: SANDBOX_RANGES['sales-invoice'].technicalKey,
        environment: '2',
      });
      expect(tax('01')).to.equal('13300.00');
      expect(outcome.uniqueCode).to.equal(expected);
      expect(outcome.uniqueCode).to.match(/^[0-9a-f]{96}$/);
    });

    it('given a live document, then its CUFE uses the production environment code', async () => {
      const live = documentFor('d1', '123456789', 'live');
      const test = documentFor('d1', '123456789', 'test');
      const p = provider();
      const [a, b] = [await p.submit(live), await p.submit(test)];
      if (a.kind !== 'validated' || b.kind !== 'validated') expect.fail('expected validations');
      expect(a.number).to.equal(b.number);
      expect(a.uniqueCode).to.not.equal(b.uniqueCode);
    });

    it(`given the customer ${SANDBOX_TEST_VALUES.rejected}, when submitted, then it is rejected and consumes no number`, async () => {
      const p = provider();
      const outcome = await p.submit(documentFor('bad', SANDBOX_TEST_VALUES.rejected));
      expect(outcome.kind).to.equal('rejected');
      if (outcome.kind === 'rejected') {
        expect(outcome.errors).to.have.length(1);
        expect(outcome.errors[0].code).to.equal('FAK24');
        expect(outcome.errors[0].message).to.contain(SANDBOX_TEST_VALUES.rejected);
      }
      const next = await p.submit(documentFor('good'));
      expect(next).to.include({ number: 'SETP990000000' });
    });

    it(`given the customer ${SANDBOX_TEST_VALUES.validatedWithWarning}, when submitted, then it is validated with a warning`, async () => {
      const outcome = await provider().submit(documentFor('warn', SANDBOX_TEST_VALUES.validatedWithWarning));
      expect(outcome.kind).to.equal('validated');
      if (outcome.kind === 'validated') {
        expect(outcome.warnings.map((w) => w.code)).to.deep.equal(['RUT01']);
        expect(outcome.number).to.equal('SETP990000000');
      }
    });

    it('given a resubmission of the same document, then the same number and CUFE come back', async () => {
      const p = provider();
      const first = await p.submit(documentFor('d1'));
      const again = await new SandboxProvider(new SandboxNumbering(stores.reopen().events), clock, 0).submit(documentFor('d1'));
      expect(again).to.deep.equal(first);
    });

    it('given a sent document not yet numbered, when discarded, then it is withdrawn and a late submission is rejected', async () => {
      const p = provider();
      expect(await p.discard(documentFor('d1'))).to.deep.equal({ kind: 'discarded' });
      const late = await p.submit(documentFor('d1'));
      expect(late.kind).to.equal('rejected');
      if (late.kind === 'rejected') expect(late.errors[0].code).to.equal('SANDBOX-WITHDRAWN');
    });

    it('given a document already validated, when discarded, then the provider answers the validation', async () => {
      const p = provider();
      const validated = await p.submit(documentFor('d1'));
      expect(await p.discard(documentFor('d1'))).to.deep.equal(validated);
    });

    it('given a delay, when submitted, then the answer comes after it', async () => {
      const slow = new SandboxProvider(new SandboxNumbering(stores.events), clock, 30);
      const started = Date.now();
      await slow.submit(documentFor('d1'));
      expect(Date.now() - started).to.be.at.least(25);
    });
  });
});
