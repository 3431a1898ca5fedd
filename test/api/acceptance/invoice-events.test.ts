import { expect } from 'chai';
import { ProviderUnavailableError, type DocumentProvider } from '../../../application/ports/document-provider.ts';
import type { AcceptanceRecord } from '../../../domain/acceptance/acceptance-record.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import {
  expectedCude,
  invoiceEvents,
  invoiceTo,
  ISSUER_NIT,
  RECEIVER_NIT,
  sendAll,
  trail,
  validatedInvoice,
} from '../../support/acceptance-app.ts';
import { http } from '../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { createInvoice, expectProblem } from '../../support/api-test-helpers.ts';
import { issueValidated, noteBody, UNKNOWN_ID } from '../../support/family-test-helpers.ts';

describe('GET /invoices/v1/sales-invoices/{id}/events (the issuer’s acceptance trail)', () => {
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;
  let invoice: { id: string; number: string };

  before(async () => {
    app = await startTestApp();
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
    invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
  });
  after(() => app.close());

  it('given a numbered invoice without events, then 200 with an empty list', async () => {
    const fresh = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    expect(await trail(app, issuer, fresh.id)).to.deep.equal([]);
  });

  it('given the receiver sent 030, 032, 033, then the issuer sees exactly those records, oldest first, with their CUDEs', async () => {
    const sent = await sendAll(app, receiver, invoice.id, ['030', '032', '033']);

    const events = await trail(app, issuer, invoice.id);

    expect(events).to.deep.equal(sent);
    expect(events.map((e) => [e.code, e.number])).to.deep.equal([['030', '1'], ['032', '2'], ['033', '3']]);
    for (const event of events) {
      expect(Object.keys(event)).to.have.members(['code', 'name', 'number', 'unique_code', 'effective_at', 'actor']);
      expect(event.actor).to.deep.equal({ role: 'receiver', nit: RECEIVER_NIT, name: `Company ${RECEIVER_NIT}` });
      expect(event.unique_code).to.equal(expectedCude(event, invoice.number, ISSUER_NIT));
    }
  });

  it('given an invoice with no tax authority number (rejected), then 409 invoice_not_numbered naming its state', async () => {
    const rejected = await createInvoice(app, issuer.key, invoiceTo('1111111111'));
    await app.settle();
    const problem = expectProblem(await invoiceEvents(app, issuer.key, rejected.id), 409, 'invoice_not_numbered');
    expect(problem.document_status).to.equal('rejected');
  });

  it('given another tenant’s invoice or an unknown id, then 404', async () => {
    expectProblem(await invoiceEvents(app, receiver.key, invoice.id), 404, 'not_found');
    expectProblem(await invoiceEvents(app, issuer.key, UNKNOWN_ID), 404, 'not_found');
  });

  it('given the same invoice through a live key of its issuer, then 404 (environments never mix)', async () => {
    const live = await app.createKey(issuer.tenantId, ['invoices:read'], 'live');
    expectProblem(await invoiceEvents(app, live.key, invoice.id), 404, 'not_found');
  });

  it('given a credit note, then its /events path answers 404: only sales invoices have a trail', async () => {
    const note = await issueValidated(app, 'credit-note', issuer.key, noteBody({ bill_number: invoice.number }));
    expectProblem(await http(app.baseUrl, 'GET', `/invoices/v1/credit-notes/${note.id}/events`, { key: issuer.key }), 404, 'not_found');
    expectProblem(await http(app.baseUrl, 'GET', `/invoices/v1/support-documents/${note.id}/events`, { key: issuer.key }), 404, 'not_found');
  });

  it('given an id that is not a UUID, then 422 naming id', async () => {
    const problem = expectProblem(await invoiceEvents(app, issuer.key, 'not-a-uuid'), 422, 'validation_failed');
    expect(problem.errors).to.deep.equal([{ field: 'id', message: 'must be a UUID; got "not-a-uuid"' }]);
  });

  it('given no key, then 401; given a key without invoices:read, then 403', async () => {
    expectProblem(await invoiceEvents(app, undefined, invoice.id), 401, 'unauthorized');
    const writer = await app.createKey(issuer.tenantId, ['invoices:write']);
    expectProblem(await invoiceEvents(app, writer.key, invoice.id), 403, 'insufficient_scope');
  });
});

/** A provider that validates at once and keeps the trail itself: `events` answers it, or fails. */
function trailKeepingProvider(events: () => Promise<AcceptanceRecord[]>): DocumentProvider {
  return {
    name: 'trail-keeper',
    submit: async (document: DocumentState) => ({ kind: 'validated', number: `SETP99${document.id.slice(0, 7)}`, uniqueCode: 'c'.repeat(96), validatedAt: new Date().toISOString(), warnings: [] }),
    discard: async () => ({ kind: 'discarded' }),
    render: async () => null,
    acceptanceEvents: events,
  };
}

describe('GET …/events when the provider keeps the trail', () => {
  it('given the provider cannot serve events, then 503 events_unavailable with Retry-After', async () => {
    const app = await startTestApp({}, { provider: trailKeepingProvider(() => Promise.reject(new ProviderUnavailableError('radian timeout', 30_000))) });
    try {
      const issuer = await app.createTenant({ nit: ISSUER_NIT });
      const { id } = await createInvoice(app, issuer.key, invoiceTo(RECEIVER_NIT));
      await app.settle();
      const answer = await invoiceEvents(app, issuer.key, id);
      expectProblem(answer, 503, 'events_unavailable');
      expect(answer.headers.get('retry-after')).to.equal('30');
    } finally {
      await app.close();
    }
  });

  it('given the provider serves events, then its trail is the answer', async () => {
    const held: AcceptanceRecord = {
      code: '030',
      name: 'Acuse de recibo de la Factura Electrónica de Venta',
      number: '7',
      uniqueCode: 'a'.repeat(96),
      effectiveAt: '2026-02-05T15:00:00.000Z',
      actor: { role: 'receiver', nit: RECEIVER_NIT, name: 'Buyer' },
    };
    const app = await startTestApp({}, { provider: trailKeepingProvider(async () => [held]) });
    try {
      const issuer = await app.createTenant({ nit: ISSUER_NIT });
      const { id } = await createInvoice(app, issuer.key, invoiceTo(RECEIVER_NIT));
      await app.settle();
      expect(await trail(app, issuer, id)).to.deep.equal([
        { code: '030', name: held.name, number: '7', unique_code: held.uniqueCode, effective_at: held.effectiveAt, actor: held.actor },
      ]);
    } finally {
      await app.close();
    }
  });
});
