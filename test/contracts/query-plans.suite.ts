import { expect } from 'chai';
import { FAMILY_ROUTES } from '../../api/documents/family-routes.ts';
import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../domain/tenancy/scopes.ts';
import { INVOICES, ISSUER_NIT, RECEIVER_NIT, RECEPTIONS, invoiceTo, validatedInvoice } from '../support/acceptance-app.ts';
import { http } from '../support/http.ts';
import { otpData } from '../support/messaging-app.ts';
import { RecordingReadModelStore } from '../support/recording-read-model-store.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const RECIPIENT = 'contabilidad@cliente.example';
const MANUAL = { messagesSchedulerIntervalMs: 3_600_000, acceptanceSchedulerIntervalMs: 3_600_000, submissionSchedulerIntervalMs: 3_600_000 };
/** The collections whose rows are listed or polled; each must have been queried. */
const QUERIED = ['documents', 'received_documents', 'messages', 'document_visibility', 'message_deliveries', 'document_submissions', 'tacit_acceptance_schedule', 'audit_verifications'];

export interface Backend {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** The same URL naming another database (its path), keeping hosts and options. */
export function withDatabase(url: string, database: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(?:\/[^?]*)?(\?.*)?$/.exec(url);
  if (!match) throw new Error(`MONGODB_URL is not a MongoDB URL: ${url}`);
  return `${match[1]}/${database}${match[2] ?? ''}`;
}

export function queryPlans(name: string, backend: () => Backend): void {
  describe(`Query plans of every list, keyset page, e-mail lookup and due-work poll (${name})`, function () {
    this.timeout(120_000);
    let app: TestApp;
    let recording: RecordingReadModelStore;
    let chosen: Backend;

    const ok = async (key: string, path: string, method = 'GET', body?: unknown) => {
      const answer = await http(app.baseUrl, method, path, { key, body });
      expect(answer.status, `${method} ${path}: ${answer.text}`).to.be.within(200, 299);
      return answer;
    };

    before(async () => {
      chosen = backend();
      app = await startTestApp(
        { MAIL_FROM: 'facturas@emisor.example', MESSAGES_DEFAULT_BRAND: 'default', INTEGRATIONS_RATE_LIMIT: '1000000', ...chosen.env },
        { ...MANUAL, wrapReadModels: (store) => (recording = new RecordingReadModelStore(store)) },
      );
      const issuer = await app.createTenant({ nit: ISSUER_NIT, scopes: ['invoices:read', 'invoices:write', 'messages:send'] });
      const receiver = await app.createTenant({ nit: RECEIVER_NIT });
      await app.container.messages.recipients.allow(issuer.tenantId, RECIPIENT, { actor: 'test', correlationId: 'test' });
      const cash = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
      await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit: true }));
      await ok(issuer.key, `${INVOICES}/${cash.id}/email`, 'POST', { email: RECIPIENT });
      await app.settle();

      const since = new Date(Date.now() - 60_000).toISOString();
      const dates = ['issued_from=2020-01-01', 'issued_to=2100-12-31', 'issued_from=2020-01-01&issued_to=2100-12-31'];
      const documentLists = ['', 'status=validated', `number=${cash.number}`, ...dates, 'page=2&per_page=1', `status=validated&${dates[2]}`, `status=validated&number=${cash.number}`, `number=${cash.number}&${dates[0]}`];
      for (const { base } of FAMILY_ROUTES) for (const query of documentLists) await ok(issuer.key, `${base}?${query}`);
      const receptionLists = ['', `number=${cash.number}`, `issuer_nit=${ISSUER_NIT}`, ...dates, `number=${cash.number}&issuer_nit=${ISSUER_NIT}`, `issuer_nit=${ISSUER_NIT}&${dates[2]}`, 'page=2&per_page=1'];
      for (const query of receptionLists) await ok(receiver.key, `${RECEPTIONS}?${query}`);
      for (const query of ['', 'status=validated', `updated_since=${encodeURIComponent(since)}`, `status=validated&updated_since=${encodeURIComponent(since)}`]) {
        const first = await ok(issuer.key, `/v1/invoices?limit=1${query ? `&${query}` : ''}`);
        expect(first.body.next_cursor, `/v1/invoices?${query} pages`).to.be.a('string');
        await ok(issuer.key, `/v1/invoices?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
      }
      // Every family in one list: each query shape with and without a keyset position (`after`).
      for (const query of ['', 'family=sales-invoices', 'status=validated', `number=${cash.number}`, ...dates, `status=validated&${dates[2]}`, `family=sales-invoices&status=validated&${dates[0]}`]) {
        const first = await ok(issuer.key, `/v1/documents?limit=1${query ? `&${query}` : ''}`);
        if (first.body.next_cursor) await ok(issuer.key, `/v1/documents?limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);
      }
      await ok(issuer.key, '/v1/messages', 'POST', { channel: 'email', to: RECIPIENT, template: { slug: 'codigo-otp' }, data: otpData() });
      await app.settle();
      for (const status of ['', 'status=sent&', 'status=queued&']) {
        const page = await ok(issuer.key, `/v1/messages?${status}limit=1`);
        if (page.body.next_cursor) await ok(issuer.key, `/v1/messages?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`);
      }
      for (let round = 0; round < 2; round += 1) {
        const { id } = (await ok(issuer.key, '/v1/audit/verifications', 'POST')).body;
        while ((await ok(issuer.key, `/v1/audit/verifications/${id}`)).body.status === 'running') await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const verifications = await ok(issuer.key, '/v1/audit/verifications?limit=1');
      await ok(issuer.key, `/v1/audit/verifications?limit=1&cursor=${encodeURIComponent(verifications.body.next_cursor)}`);
      const operator = await app.createKey(OPERATOR_TENANT, [...OPERATOR_SCOPES], 'live');
      await ok(operator.key, '/admin/v1/attention');
      const read = await ok(issuer.key, `${INVOICES}/${cash.id}`);
      expect(read.body.emails, 'the record lists its e-mails').to.have.length(1);
      await app.container.messages.scheduler.tick();
      await app.container.acceptance.scheduler.tick();
      await app.container.submission.scheduler.tick();
    });

    after(async () => {
      await app?.close();
      await chosen?.cleanup();
    });

    it('given every face exercised and every scheduler polled, then each listed or polled collection was queried', () => {
      const queried = new Set([...recording.recorded.values()].map((query) => query.collection));
      for (const collection of QUERIED) expect(queried, `no query on ${collection}`).to.include(collection);
      const shapes = [...recording.recorded.keys()];
      expect(shapes.filter((shape) => shape.startsWith('documents count')), shapes.join('\n')).to.have.length.of.at.least(5);
      expect(shapes.filter((shape) => shape.startsWith('received_documents find')), shapes.join('\n')).to.have.length.of.at.least(5);
      expect(shapes.filter((shape) => shape.startsWith('documents find') && shape.includes(' after ')), shapes.join('\n')).to.have.length.of.at.least(5);
      expect(shapes.filter((shape) => shape.startsWith('messages find') && shape.includes(' after ')), shapes.join('\n')).to.have.length.of.at.least(1);
    });

    it('given every distinct query shape the app made, then each walks an index in the order asked, with no sort in memory', async () => {
      const unserved: string[] = [];
      for (const query of recording.recorded.values()) {
        const plan = await query.explain();
        if (plan.index === null || plan.inMemorySort) {
          unserved.push(`${query.collection} ${query.operation} ${JSON.stringify(query.example)}\n    index: ${plan.index}, sort in memory: ${plan.inMemorySort}\n    ${plan.detail}`);
        }
      }
      expect(unserved, `queries not served by an index in order:\n${unserved.join('\n')}`).to.deep.equal([]);
    });
  });
}
