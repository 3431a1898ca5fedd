import { expect } from 'chai';
import type { DocumentProvider } from '../../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { BASE, createInvoice, expectNamesField, expectProblem, expectSchema, getInvoice, listInvoices, streamOf } from '../../support/api-test-helpers.ts';

const remove = (app: TestApp, key: string | undefined, id: string, headers: Record<string, string> = {}) =>
  http(app.baseUrl, 'DELETE', `${BASE}/${id}`, { key, headers });

const UNKNOWN_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

function expectEmpty200(answer: { status: number; text: string }): void {
  expect(answer.status, answer.text).to.equal(200);
  expect(answer.text).to.equal('');
}

describe('GET and DELETE /invoices/v1/sales-invoices/{id}', () => {
  describe('with workers running (documents reach a final state)', () => {
    let app: TestApp;
    let tenant: TestTenant;

    before(async () => {
      app = await startTestApp();
      tenant = await app.createTenant();
    });
    after(() => app.close());

    it('given an id that is not a UUID, when read, then 422 names id', async () => {
      for (const id of ['abc', '123', '3f2504e0-4f89-41d3-9a0c-0305e82c330', '3f2504e0_4f89_41d3_9a0c_0305e82c3301']) {
        expectNamesField(expectProblem(await getInvoice(app, tenant.key, id), 422, 'validation_failed'), 'id');
      }
    });

    it('given an unknown UUID, when read, then 404 not_found', async () => {
      expectProblem(await getInvoice(app, tenant.key, UNKNOWN_ID), 404, 'not_found');
    });

    it('given an existing id written in upper case, when read, then the same document', async () => {
      const accepted = await createInvoice(app, tenant.key);

      const answer = await getInvoice(app, tenant.key, accepted.id.toUpperCase());

      expect(answer.status).to.equal(200);
      expect(answer.body.id).to.equal(accepted.id);
    });

    it('given an id that is not a UUID, when deleted, then 422 names id and nothing is appended', async () => {
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      for (const id of ['abc', 'not-a-uuid', '0']) {
        expectNamesField(expectProblem(await remove(app, tenant.key, id), 422, 'validation_failed'), 'id');
      }

      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });

    it('given an unknown UUID, when deleted, then 404 and nothing is appended', async () => {
      await app.settle();
      const head = await app.container.eventStore.headPosition();

      expectProblem(await remove(app, tenant.key, UNKNOWN_ID), 404, 'not_found');

      expect(await app.container.eventStore.headPosition()).to.equal(head);
    });

    it('given a validated document, when deleted, then 409 document_validated and the document stays validated and untouched', async () => {
      const accepted = await createInvoice(app, tenant.key);
      await app.settle();
      const before = (await getInvoice(app, tenant.key, accepted.id)).body;
      expect(before.status).to.equal('validated');
      const eventsBefore = (await streamOf(app, accepted.id)).length;

      const answer = await remove(app, tenant.key, accepted.id);

      const problem = expectProblem(answer, 409, 'document_validated');
      // RFC 9457: the problem's status member is the HTTP status, never the document's state.
      expect(problem.status).to.equal(409);
      expect(problem.detail).to.contain('validated');
      await app.settle();
      expect((await getInvoice(app, tenant.key, accepted.id)).body).to.deep.equal(before);
      expect(await streamOf(app, accepted.id)).to.have.length(eventsBefore);
      const listed = await listInvoices(app, tenant.key, `number=${before.number}`);
      expect(listed.body.data[0].status).to.equal('validated');
    });

    it('given a validated document, when deleted twice, then 409 both times', async () => {
      const accepted = await createInvoice(app, tenant.key);
      await app.settle();

      expectProblem(await remove(app, tenant.key, accepted.id), 409);
      expectProblem(await remove(app, tenant.key, accepted.id), 409);
    });

    it('given a validated document with warnings, when deleted, then 409 too', async () => {
      const accepted = await createInvoice(app, tenant.key, sampleInvoice({ identification: '2222222221' }));
      await app.settle();

      expectProblem(await remove(app, tenant.key, accepted.id), 409, 'document_validated');
      expect((await getInvoice(app, tenant.key, accepted.id)).body.status).to.equal('validated');
    });

    it('given a rejected document, when deleted, then 200 with an empty body and it reads as cancelled (errors kept)', async () => {
      const accepted = await createInvoice(app, tenant.key, sampleInvoice({ identification: '1111111111' }));
      await app.settle();
      expect((await getInvoice(app, tenant.key, accepted.id)).body.status).to.equal('rejected');

      expectEmpty200(await remove(app, tenant.key, accepted.id));

      const { body } = await getInvoice(app, tenant.key, accepted.id);
      expect(body.status).to.equal('cancelled');
      expect(body.number).to.equal(null);
      expect(body.errors).to.be.an('array').that.is.not.empty;
      expectSchema('DocumentRecord', body);
      await app.settle();
      const listed = await listInvoices(app, tenant.key, 'status=cancelled&per_page=100');
      expect(listed.body.data.map((row: { id: string }) => row.id)).to.include(accepted.id);
    });
  });

  describe('with workers stopped (documents stay pending)', () => {
    let app: TestApp;
    let tenant: TestTenant;

    before(async () => {
      app = await startTestApp({}, { workers: false });
      tenant = await app.createTenant();
    });
    after(() => app.close());

    it('given a pending document, when read, then it is pending with no number, no CUFE and no warnings', async () => {
      const accepted = await createInvoice(app, tenant.key);

      const { status, body } = await getInvoice(app, tenant.key, accepted.id);

      expect(status).to.equal(200);
      expect(body.status).to.equal('pending');
      expect(body.number).to.equal(null);
      expect(body.cufe).to.equal(null);
      expect(body).to.not.have.property('warnings');
      expect(body.totals.payable_amount).to.equal('83300.00');
      expectSchema('DocumentRecord', body);
    });

    it('given a pending document, when deleted, then 200 with no body and GET shows cancelled', async () => {
      const accepted = await createInvoice(app, tenant.key);

      const answer = await remove(app, tenant.key, accepted.id);

      expectEmpty200(answer);
      const { body } = await getInvoice(app, tenant.key, accepted.id);
      expect(body.status).to.equal('cancelled');
      expect(body.number).to.equal(null);
      expect((await streamOf(app, accepted.id)).map((event) => event.type)).to.deep.equal(['DocumentCreated', 'DocumentCancelled']);
    });

    it('given a cancelled document, when deleted again, then 200 again and nothing new is appended', async () => {
      const accepted = await createInvoice(app, tenant.key);
      expectEmpty200(await remove(app, tenant.key, accepted.id));
      const head = await app.container.eventStore.headPosition();

      expectEmpty200(await remove(app, tenant.key, accepted.id));

      expect(await app.container.eventStore.headPosition()).to.equal(head);
      expect((await streamOf(app, accepted.id)).filter((event) => event.type === 'DocumentCancelled')).to.have.length(1);
      expect((await getInvoice(app, tenant.key, accepted.id)).body.status).to.equal('cancelled');
    });

    it('given a cancelled document, when the same POST is retried with its key, then the cancelled document is answered, not a new one', async () => {
      const headers = { 'Idempotency-Key': 'retry-after-cancel-0001' };
      const accepted = await createInvoice(app, tenant.key, sampleInvoice(), headers);
      expectEmpty200(await remove(app, tenant.key, accepted.id));

      const again = await createInvoice(app, tenant.key, sampleInvoice(), headers);

      expect(again.id).to.equal(accepted.id);
      expect(again.transaction_id).to.equal(accepted.transaction_id);
      expect((await getInvoice(app, tenant.key, accepted.id)).body.status).to.equal('cancelled');
    });

    it('given cancelled documents, when the workers start later, then they are never submitted and the list shows them cancelled', async () => {
      const kept = await createInvoice(app, tenant.key);
      const discarded = await createInvoice(app, tenant.key);
      expectEmpty200(await remove(app, tenant.key, discarded.id));

      await app.container.startWorkers();
      await app.settle();

      expect((await getInvoice(app, tenant.key, kept.id)).body.status).to.equal('validated');
      const { body } = await getInvoice(app, tenant.key, discarded.id);
      expect(body.status).to.equal('cancelled');
      expect(body.number).to.equal(null);
      expect((await streamOf(app, discarded.id)).map((event) => event.type)).to.deep.equal(['DocumentCreated', 'DocumentCancelled']);
      const listed = await listInvoices(app, tenant.key, 'status=cancelled&per_page=100');
      expect(listed.body.data.map((row: { id: string }) => row.id)).to.include(discarded.id);
      expect(listed.body.data.every((row: { status: string }) => row.status === 'cancelled')).to.equal(true);
    });
  });

  describe('a document in the provider’s hands (sent)', () => {
    /** A provider that holds every submission until released, and answers discards as told. */
    class GatedProvider implements DocumentProvider {
      readonly name = 'gated';
      discardAnswer: (document: DocumentState) => { kind: 'discarded' } | SubmissionOutcome = () => ({ kind: 'discarded' });
      private readonly waiting: Array<() => void> = [];

      submit(document: DocumentState): Promise<SubmissionOutcome> {
        return new Promise((resolve) => this.waiting.push(() => resolve(validatedOutcome(document))));
      }

      async discard(document: DocumentState) {
        return this.discardAnswer(document);
      }

      async render() {
        return null;
      }

      release(): void {
        this.waiting.splice(0).forEach((go) => go());
      }
    }

    const validatedOutcome = (document: DocumentState): SubmissionOutcome => ({
      kind: 'validated',
      number: `SETP99${document.id.replace(/\D/g, '').slice(0, 7).padEnd(7, '0')}`,
      uniqueCode: 'a'.repeat(96),
      validatedAt: new Date().toISOString(),
      warnings: [],
    });

    let app: TestApp;
    let tenant: TestTenant;
    const provider = new GatedProvider();

    before(async () => {
      app = await startTestApp({}, { provider });
      tenant = await app.createTenant();
    });
    after(async () => {
      provider.release();
      await app.settle();
      await app.close();
    });

    async function untilSent(id: string): Promise<void> {
      for (let i = 0; i < 200; i += 1) {
        if ((await getInvoice(app, tenant.key, id)).body.status === 'sent') return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`document ${id} never reached sent`);
    }

    it('given a sent document the provider withdraws, when deleted, then 200, cancelled, and a late validation is ignored', async () => {
      provider.discardAnswer = () => ({ kind: 'discarded' });
      const accepted = await createInvoice(app, tenant.key);
      await untilSent(accepted.id);

      expectEmpty200(await remove(app, tenant.key, accepted.id));
      provider.release();
      await app.settle();

      const { body } = await getInvoice(app, tenant.key, accepted.id);
      expect(body.status).to.equal('cancelled');
      expect(body.number).to.equal(null);
    });

    it('given a sent document the provider validated meanwhile, when deleted, then 409 and the document reads validated', async () => {
      provider.discardAnswer = validatedOutcome;
      const accepted = await createInvoice(app, tenant.key);
      await untilSent(accepted.id);

      expectProblem(await remove(app, tenant.key, accepted.id), 409, 'document_validated');

      const { body } = await getInvoice(app, tenant.key, accepted.id);
      expect(body.status).to.equal('validated');
      expect(body.number).to.match(/^SETP99\d{7}$/);
      provider.release();
      await app.settle();
      expect((await getInvoice(app, tenant.key, accepted.id)).body.status).to.equal('validated');
    });
  });
});
