import { expect } from 'chai';
import { documentDecider } from '../../../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { cufe } from '../../../../domain/unique-codes/cufe.ts';
import { NumberingModule } from '../../../../infrastructure/composition/numbering-module.ts';
import { AesGcmCipher } from '../../../../infrastructure/secrets/aes-gcm-cipher.ts';
import { RegisterTenant } from '../../../../application/tenancy/register-tenant.ts';
import { AggregateStore } from '../../../../application/event-sourcing/aggregate-store.ts';
import { randomIds } from '../../../../application/ports/id-generator.ts';
import { HABILITACION_RANGES } from '../../../../infrastructure/rendering/habilitacion-ranges.ts';
import { SandboxProvider } from '../../../../infrastructure/providers/sandbox/sandbox-provider.ts';
import { SANDBOX_TEST_VALUES } from '../../../../infrastructure/providers/sandbox/sandbox-scenarios.ts';
import { FixedClock, invoiceFor, openTempStores, type TempStores } from '../../../support/fixtures.ts';

const clock = new FixedClock('2024-03-01T15:30:00.000Z');

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

  describe('SandboxProvider', () => {
    const numberingOf = (events = stores.events) => new NumberingModule({ eventStore: events, clock, secrets: new AesGcmCipher(Buffer.alloc(32, 7)) });
    const provider = (module = numberingOf()) => new SandboxProvider(module.numbering, clock, 0);

    it('given an ordinary document, when submitted, then it is validated with the next number, no warnings and the clock time', async () => {
      const outcome = await provider().submit(documentFor('d1'));
      expect(outcome).to.include({ kind: 'validated', number: 'SETP990000000', validatedAt: '2024-03-01T15:30:00.000Z' });
      if (outcome.kind === 'validated') expect(outcome.warnings).to.deep.equal([]);
    });

    it('given a delay, when submitted, then the resolution and software are looked up while it runs and the number is assigned after it, from that lookup', async () => {
      const { numbering } = numberingOf();
      const steps: string[] = [];
      let looked: unknown;
      const watched = {
        lookUp: async (document: DocumentState) => {
          steps.push('look up');
          looked = await numbering.lookUp(document);
          return looked as Awaited<ReturnType<typeof numbering.lookUp>>;
        },
        assign: (document: DocumentState, lookup?: Parameters<typeof numbering.assign>[1]) => {
          steps.push(lookup === looked ? 'assign from the lookup' : 'assign with a lookup of its own');
          return numbering.assign(document, lookup);
        },
        withdraw: numbering.withdraw.bind(numbering),
        release: numbering.release.bind(numbering),
      };
      const halfway = new Promise<void>((resolve) => setTimeout(() => resolve(void steps.push('half the delay')), 20));
      const outcome = await new SandboxProvider(watched, clock, 40).submit(documentFor('d1'));
      await halfway;
      expect(steps).to.deep.equal(['look up', 'half the delay', 'assign from the lookup']);
      expect(outcome).to.include({ kind: 'validated', number: 'SETP990000000' });
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
        technicalKey: HABILITACION_RANGES['sales-invoice'].technicalKey,
        environment: '2',
      });
      expect(tax('01')).to.equal('13300.00');
      expect(outcome.uniqueCode).to.equal(expected);
      expect(outcome.uniqueCode).to.match(/^[0-9a-f]{96}$/);
    });

    it('given a live document, then its CUFE uses the production environment code', async () => {
      const module = numberingOf();
      const tenant = await new RegisterTenant(new AggregateStore(stores.events), clock, randomIds).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 't', correlationId: 't' });
      const key = HABILITACION_RANGES['sales-invoice'].technicalKey;
      const { prefix, from, to, resolution: number } = HABILITACION_RANGES['sales-invoice'];
      await module.catalog.register(tenant.id, { environment: 'live', family: 'sales-invoice', prefix, from, to, number, validFrom: '2024-01-01', validTo: '2024-12-31', technicalKey: key });
      await module.software.set(tenant.id, { environment: 'live', softwareId: 'a0b1c2d3-sandbox-software', pin: '12345' }, { actor: 't', correlationId: 't' });
      const live = documentFor('d1', '123456789', 'live', tenant.id);
      const test = documentFor('d1', '123456789', 'test', tenant.id);
      const p = provider(module);
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
      const again = await provider(numberingOf(stores.reopen().events)).submit(documentFor('d1'));
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
      const slow = new SandboxProvider(numberingOf().numbering, clock, 30);
      const started = Date.now();
      await slow.submit(documentFor('d1'));
      expect(Date.now() - started).to.be.at.least(25);
    });
  });
});
