import { expect } from 'chai';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { FixedClock } from '../../../support/fixtures.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { DOUBLE_VALUES, NOTIFICATION, REJECTION } from '../../../support/factus/double/double-documents.ts';
import { FactusDouble } from '../../../support/factus/double/factus-double.ts';
import { factusAgainst, sentDocument } from '../../../support/factus/factus-fixtures.ts';

const invoice = (identification = '123456789') => sentDocument(salesInvoiceFamily, sampleInvoice({ identification }));
const unavailable = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected ProviderUnavailableError'),
    (error: Error) => {
      expect(error).to.be.instanceOf(ProviderUnavailableError);
      return error as ProviderUnavailableError;
    },
  );

describe('Factus adapter: submission', () => {
  const clock = new FixedClock('2026-05-06T15:00:00.000Z');
  let double: FactusDouble;

  beforeEach(async () => {
    double = new FactusDouble(() => clock.now());
    await double.start();
  });

  afterEach(() => double.close());

  it('given a sales invoice, then a token is obtained, the invoice posted once with our id as reference code, and the validation answered', async () => {
    const document = invoice();
    const outcome = await factusAgainst(double, clock).submit(document);
    expect(double.routes()).to.deep.equal(['POST /oauth/token', 'POST /v2/bills/validate']);
    const [token, post] = double.requests;
    expect(token.body).to.include({ grant_type: 'password', client_id: 'client-id', username: 'sandbox@factus.com.co' });
    expect(post.authorization).to.equal('Bearer access-1');
    expect(post.body).to.include({ reference_code: document.id, send_email: false });
    expect(outcome).to.include({ kind: 'validated', number: 'SETP99000551', validatedAt: '2026-05-06T15:00:00.000Z' });
    expect((outcome as { uniqueCode: string }).uniqueCode).to.match(/^[0-9a-f]{96}$/);
    expect((outcome as { warnings: unknown[] }).warnings).to.deep.equal([]);
  });

  it('given DIAN notifies (Notificación), then the document is validated with the notification as a warning', async () => {
    const outcome = await factusAgainst(double, clock).submit(invoice(DOUBLE_VALUES.notified));
    expect(outcome).to.deep.include({ kind: 'validated', warnings: [{ code: 'FAJ44b', message: NOTIFICATION.FAJ44b }] });
  });

  it('given DIAN rejects (Rechazo), then rejected with the messages, and the rejected document is deleted at Factus before the corrected one is sent (Factus blocks sends until then)', async () => {
    const factus = factusAgainst(double, clock);
    const rejected = invoice(DOUBLE_VALUES.rejected);
    expect(await factus.submit(rejected)).to.deep.equal({ kind: 'rejected', errors: [{ code: 'FAK24', message: REJECTION.FAK24 }] });
    const corrected = invoice();
    expect(await factus.submit(corrected)).to.include({ kind: 'validated' });
    expect(double.routes().slice(1)).to.deep.equal([
      'POST /v2/bills/validate',
      `DELETE /v2/bills/destroy/reference/${rejected.id}`,
      'POST /v2/bills/validate',
    ]);
    expect(double.handlers.deleted).to.deep.equal([rejected.id]);
  });

  it('given the deletion of a rejected document fails, then the attempt counts as unavailable and a resend gets the rejection again and deletes it', async () => {
    const factus = factusAgainst(double, clock);
    const rejected = invoice(DOUBLE_VALUES.rejected);
    double.script(`DELETE /v2/bills/destroy/reference/${rejected.id}`, { status: 503 });
    expect((await unavailable(factus.submit(rejected))).message).to.contain('DIAN rejected').and.contain('did not delete');
    expect(await factus.submit(rejected)).to.include({ kind: 'rejected' });
    expect(double.handlers.creations.get(rejected.id)).to.equal(1);
    expect(double.handlers.deleted).to.deep.equal([rejected.id]);
  });

  it('given DIAN does not answer in time, then unavailable (not rejected, nothing deleted); the resend with the same reference code is validated without a second document', async () => {
    const factus = factusAgainst(double, clock);
    const document = invoice();
    double.handlers.dianSlow.add(document.id);
    expect((await unavailable(factus.submit(document))).message).to.contain('DIAN did not answer in time');
    const outcome = await factus.submit(document);
    expect(outcome).to.include({ kind: 'validated', number: 'SETP99000551' });
    expect(double.submissions()).to.deep.equal([document.id, document.id]);
    expect(double.handlers.creations.get(document.id)).to.equal(1);
    expect(double.routes().filter((route) => route.startsWith('DELETE'))).to.deep.equal([]);
  });

  it('given a burst of 5xx, then each attempt is unavailable with the status, and the next one validates the single document', async () => {
    const factus = factusAgainst(double, clock);
    const document = invoice();
    double.script('POST /v2/bills/validate', { status: 503 }, { status: 502 }, { status: 500, body: { message: 'Server Error' } });
    for (const status of [503, 502, 500]) expect((await unavailable(factus.submit(document))).message).to.contain(`Factus answered ${status}`);
    expect(await factus.submit(document)).to.include({ kind: 'validated' });
    expect(double.submissions()).to.have.length(4);
    expect(double.handlers.creations.get(document.id)).to.equal(1);
  });

  it('given Factus answers after our timeout (having created the document), then unavailable; the resend finds the same document, never a second one', async () => {
    const factus = factusAgainst(double, clock, { timeoutMs: 200 });
    const document = invoice();
    double.script('POST /v2/bills/validate', { delayMs: 600 });
    expect((await unavailable(factus.submit(document))).message).to.contain('did not answer POST /v2/bills/validate within 200 ms');
    expect(await factus.submit(document)).to.include({ kind: 'validated', number: 'SETP99000551' });
    expect(double.handlers.creations.get(document.id)).to.equal(1);
  });

  it('given Factus refuses the body itself (422 without Rechazo), then rejected with its messages: the document as sent will not pass', async () => {
    const document = invoice();
    const errors = { 'customer.email': 'El campo customer.email debe ser una dirección de correo válida.' };
    double.script('POST /v2/bills/validate', { status: 422, body: { status: 'Validation error', message: 'Error de validación', data: { message: 'Error de validación', errors } } });
    expect(await factusAgainst(double, clock).submit(document)).to.deep.equal({ kind: 'rejected', errors: [{ code: 'customer.email', message: errors['customer.email'] }] });
  });

  it('given Factus answers 409 because it already holds the reference, then what it holds is the answer', async () => {
    const factus = factusAgainst(double, clock);
    const document = invoice();
    await factus.submit(document);
    double.script('POST /v2/bills/validate', { status: 409, body: { message: 'El código de referencia ya existe' } });
    expect(await factus.submit(document)).to.include({ kind: 'validated', number: 'SETP99000551' });
    expect(double.routes().slice(-2)).to.deep.equal(['GET /v2/bills', 'GET /v2/bills/SETP99000551']);
  });

  it('given an unreachable Factus, then unavailable naming the call', async () => {
    const factus = factusAgainst(double, clock);
    await double.close();
    expect((await unavailable(factus.submit(invoice()))).message).to.match(/Factus unreachable \(POST \/oauth\/token\)/);
    double = new FactusDouble(() => clock.now());
    await double.start();
  });
});
