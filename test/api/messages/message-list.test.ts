import { expect } from 'chai';
import type { MailTransport } from '../../../application/ports/mail-transport.ts';
import { expectNamesField, expectSchema } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { messagingTenant, startMessagingApp } from '../../support/messaging-app.ts';
import type { TestApp } from '../../support/test-app.ts';
import { expectMessageProblem, otpRequest, postMessage } from './message-test-helpers.ts';

/** Refuses every message for good whose first recipient's address starts with "refused" (an SMTP 5xx). */
const transport: MailTransport = {
  name: 'scripted',
  send: async (mail) => (mail.to[0].startsWith('refused') ? { kind: 'permanent', error: '550 mailbox unavailable' } : { kind: 'sent', response: '250 ok', rejected: [] }),
  close: async () => undefined,
};

describe('GET /v1/messages: the company’s messages, newest first, in cursor pages', function () {
  this.timeout(30_000);
  let app: TestApp;
  let live: { tenantId: string; key: string };
  let testKey: string;
  /** Sent with the live key, oldest first: ids and recipients. */
  const sent: Array<{ id: string; to: string }> = [];

  before(async () => {
    app = await startMessagingApp({}, { mailTransport: transport });
    live = await messagingTenant(app);
    for (const to of ['ana@example.com', 'refused@example.com', 'luis@example.com', 'refused-2@example.com', 'eva@example.com']) {
      const answer = await postMessage(app, live.key, otpRequest({ to, template: { slug: 'codigo-otp', design: 'minimal' } }));
      expect(answer.status, answer.text).to.equal(202);
      sent.push({ id: answer.body.id, to });
    }
    testKey = (await app.createKey(live.tenantId, ['messages:send'], 'test')).key;
    expect((await postMessage(app, testKey, otpRequest({ to: 'nadie@example.com' }))).body.status).to.equal('blocked');
    const other = await messagingTenant(app, { nit: '800197268' });
    await postMessage(app, other.key, otpRequest());
    await app.settle();
  });
  after(() => app.close());

  const list = (query = '', key = live.key) => http(app.baseUrl, 'GET', `/v1/messages${query ? `?${query}` : ''}`, { key });

  it('lists the key’s company and environment only, newest first, each with its status, recipients, template, subject and times', async () => {
    const answer = await list();

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('MessageList', answer.body);
    expect(answer.body.data.map((message: { id: string }) => message.id)).to.deep.equal(sent.map(({ id }) => id).reverse());
    expect(answer.body.next_cursor).to.equal(null);
    const refused = answer.body.data.find((message: { id: string }) => message.id === sent[1].id);
    expect(refused).to.deep.include({ status: 'failed', to: ['refused@example.com'], template: { slug: 'codigo-otp', design: 'minimal' } });
    expect(refused.statusDetail).to.contain('550 mailbox unavailable');
    expect(refused.subject).to.be.a('string').and.not.equal('');
    expect(Date.parse(refused.updated_at)).to.be.at.least(Date.parse(refused.created_at));
    const delivered = answer.body.data.find((message: { id: string }) => message.id === sent[0].id);
    expect(delivered).to.include({ status: 'sent', statusDetail: null });
  });

  it('filters by status and pages with limit and next_cursor, which keeps the status', async () => {
    const first = await list('status=failed&limit=1');
    const second = await list(`limit=1&cursor=${encodeURIComponent(first.body.next_cursor)}`);

    expect([...first.body.data, ...second.body.data].map((message: { id: string }) => message.id)).to.deep.equal([sent[3].id, sent[1].id]);
    expect(second.body.next_cursor).to.equal(null);
    const blocked = await list('status=blocked', testKey);
    expect(blocked.body.data.map((message: { status: string; statusDetail: string }) => message.status)).to.deep.equal(['blocked']);
    expect(blocked.body.data[0].statusDetail).to.be.a('string');
  });

  it('given bad parameters, then 400 with codigo SOLICITUD_INVALIDA naming each; without messages:send 403 with codigo', async () => {
    const cursor = (await list('limit=1')).body.next_cursor;
    for (const [query, field] of [['status=delivered', 'status'], ['limit=0', 'limit'], ['cursor=x.y', 'cursor'], [`cursor=${encodeURIComponent(cursor)}&status=sent`, 'cursor'], ['to=ana@example.com', 'to']]) {
      expectNamesField(expectMessageProblem(await list(query), 400, 'SOLICITUD_INVALIDA'), field);
    }
    const reader = await app.createKey(live.tenantId, ['invoices:read'], 'live');
    expectMessageProblem(await list('', reader.key), 403, 'PERMISO_INSUFICIENTE');
  });
});
