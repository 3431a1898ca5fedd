import { expect } from 'chai';
import {
  expectedCude,
  invoiceTo,
  ISSUER_NIT,
  RECEIVER_NIT,
  RECEPTIONS,
  receivedDocument,
  sendAll,
  sendEvent,
  SettableClock,
  trail,
  validatedInvoice,
} from '../../support/acceptance-app.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { expectProblem } from '../../support/api-test-helpers.ts';
import { issueValidated, noteBody, UNKNOWN_ID } from '../../support/family-test-helpers.ts';

describe('POST /receptions/v1/received-documents/{id}/events (the receiver answers)', () => {
  const clock = new SettableClock('2026-02-05T10:00:00-05:00');
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;

  before(async () => {
    app = await startTestApp({}, { clock });
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
  });
  after(() => app.close());

  const freshInvoice = (credit = false) => validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit }));

  function expectRefused(answer: Awaited<ReturnType<typeof sendEvent>>, rule: string): void {
    const problem = expectProblem(answer, 409, 'event_not_allowed');
    expect(problem.rule).to.equal(rule);
  }

  it('given a credit invoice, when 030 then 032 are sent, then 201 records with consecutive numbers and event CUDEs, the 034 deadline set, and the issuer sees them', async () => {
    const invoice = await freshInvoice(true);

    const receipt = await sendEvent(app, receiver.key, invoice.id, { code: '030' });
    const goods = await sendEvent(app, receiver.key, invoice.id, { code: '032' });

    expect(receipt.status, receipt.text).to.equal(201);
    expect(receipt.headers.get('location')).to.equal(`${RECEPTIONS}/${invoice.id}/events`);
    expect(receipt.body).to.deep.include({ code: '030', name: 'Acuse de recibo de la Factura Electrónica de Venta', number: '1', effective_at: '2026-02-05T15:00:00.000Z' });
    expect(goods.body).to.deep.include({ code: '032', number: '2' });
    for (const record of [receipt.body, goods.body]) {
      expect(record.actor).to.deep.equal({ role: 'receiver', nit: RECEIVER_NIT, name: `Company ${RECEIVER_NIT}` });
      expect(record.unique_code).to.match(/^[0-9a-f]{96}$/).and.equal(expectedCude(record, invoice.number, ISSUER_NIT));
    }
    expect(receipt.body.unique_code).to.not.equal(goods.body.unique_code);
    expect((await receivedDocument(app, receiver, invoice.id)).acceptance).to.deep.equal({
      status: 'goods_received',
      tacit_acceptance_due_at: '2026-02-11T05:00:00.000Z',
    });
    expect(await trail(app, issuer, invoice.id)).to.deep.equal([receipt.body, goods.body]);
    const own = await http(app.baseUrl, 'GET', `${RECEPTIONS}/${invoice.id}/events`, { key: receiver.key });
    expect(own.body.data).to.deep.equal([receipt.body, goods.body]);
  });

  it('given a claim with its concept and a person, then the record carries both', async () => {
    const invoice = await freshInvoice();
    await sendAll(app, receiver, invoice.id, ['030']);
    const person = { identification_document_code: '13', identification: '12345667', first_name: 'Pepito', last_name: 'Perez', job_title: 'Contador' };

    const claim = await sendEvent(app, receiver.key, invoice.id, { code: '031', claim_concept: '02', person });

    expect(claim.status, claim.text).to.equal(201);
    expect(claim.body).to.deep.include({ code: '031', claim_concept: '02', name: 'Reclamo de la Factura Electrónica de Venta' });
    expect(claim.body.actor.person).to.deep.equal(person);
    expect((await receivedDocument(app, receiver, invoice.id)).acceptance.status).to.equal('claimed');
  });

  describe('each order rule answers 409 event_not_allowed naming it', () => {
    const cases: Array<[string, string[], string, Record<string, string>]> = [
      ['receipt_first', [], '032', { code: '032' }],
      ['no_duplicates', ['030'], '030', { code: '030' }],
      ['acceptance_needs_goods_received', ['030'], '033', { code: '033' }],
      ['claim_bars_acceptance', ['030', '032', '031'], '033', { code: '033' }],
      ['accepted_invoice_final', ['030', '032', '033'], '031', { code: '031', claim_concept: '01' }],
    ];
    for (const [rule, before, code, body] of cases) {
      it(`${rule}: given ${before.join(', ') || 'no events'}, when ${code} is sent, then 409 and the trail is untouched`, async () => {
        const invoice = await freshInvoice();
        await sendAll(app, receiver, invoice.id, before);

        expectRefused(await sendEvent(app, receiver.key, invoice.id, body), rule);

        expect((await trail(app, issuer, invoice.id)).map((e) => e.code)).to.deep.equal(before);
      });
    }

    it('invoice_voided: given the issuer annulled the invoice with a credit note, when 030 is sent, then 409', async () => {
      const invoice = await freshInvoice();
      await issueValidated(app, 'credit-note', issuer.key, noteBody({ concept: '2', bill_number: invoice.number }, { identification: RECEIVER_NIT }));

      expectRefused(await sendEvent(app, receiver.key, invoice.id, { code: '030' }), 'invoice_voided');
      expect((await receivedDocument(app, receiver, invoice.id)).status).to.equal('voided');
    });
  });

  describe('invalid events answer 422 naming the field', () => {
    const cases: Array<[string, unknown, string, RegExp]> = [
      ['034 (recorded by the issuer’s service only)', { code: '034' }, 'code', /issuer’s service/],
      ['an unknown code', { code: '035' }, 'code', /030, 031, 032, 033/],
      ['a missing code', {}, 'code', /required/],
      ['031 without claim_concept', { code: '031' }, 'claim_concept', /is required with a claim/],
      ['031 with concept 05', { code: '031', claim_concept: '05' }, 'claim_concept', /01, 02, 03, 04/],
      ['a claim_concept with 030', { code: '030', claim_concept: '01' }, 'claim_concept', /only sent with a claim/],
      ['an unknown field', { code: '030', note: 'x' }, 'note', /not a known field/],
    ];
    for (const [name, body, field, message] of cases) {
      it(`${name} → 422 naming ${field}`, async () => {
        const invoice = await freshInvoice();
        const problem = expectProblem(await sendEvent(app, receiver.key, invoice.id, body), 422, 'validation_failed');
        const issue = problem.errors.find((e: { field: string }) => e.field === field);
        expect(issue, JSON.stringify(problem.errors)).to.not.equal(undefined);
        expect(issue.message).to.match(message);
        expect(await trail(app, issuer, invoice.id)).to.deep.equal([]);
      });
    }

    it('an id that is not a UUID → 422 naming id', async () => {
      const problem = expectProblem(await sendEvent(app, receiver.key, 'nope', { code: '030' }), 422, 'validation_failed');
      expect(problem.errors[0].field).to.equal('id');
    });
  });

  it('answers 400 for malformed JSON and 415 for a body that is not JSON', async () => {
    const invoice = await freshInvoice();
    const path = `${RECEPTIONS}/${invoice.id}/events`;
    expectProblem(await http(app.baseUrl, 'POST', path, { key: receiver.key, rawBody: '{"code":', headers: { 'Content-Type': 'application/json' } }), 400, 'malformed_json');
    expectProblem(await http(app.baseUrl, 'POST', path, { key: receiver.key, rawBody: 'code=030', headers: { 'Content-Type': 'text/plain' } }), 415, 'unsupported_media_type');
  });

  it('answers 404 for an invoice not issued to the caller (its own issuer included) and for an unknown id', async () => {
    const invoice = await freshInvoice();
    expectProblem(await sendEvent(app, issuer.key, invoice.id, { code: '030' }), 404, 'not_found');
    expectProblem(await sendEvent(app, receiver.key, UNKNOWN_ID, { code: '030' }), 404, 'not_found');
  });

  it('answers 401 without a key and 403 without invoices:write', async () => {
    const invoice = await freshInvoice();
    expectProblem(await sendEvent(app, undefined, invoice.id, { code: '030' }), 401, 'unauthorized');
    const reader = await app.createKey(receiver.tenantId, ['invoices:read']);
    expectProblem(await sendEvent(app, reader.key, invoice.id, { code: '030' }), 403, 'insufficient_scope');
  });
});
