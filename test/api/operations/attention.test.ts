import { expect } from 'chai';
import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../../domain/tenancy/scopes.ts';
import type { MailTransport } from '../../../application/ports/mail-transport.ts';
import type { WebhookTransport } from '../../../application/ports/webhook-transport.ts';
import { expectProblem, expectSchema, postInvoice } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { LIVE_READY, liveNumbering } from '../../support/live-numbering.ts';
import { ScriptedProvider } from '../../support/scripted-provider.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { otpRequest, postMessage } from '../messages/message-test-helpers.ts';

const ATTENTION = '/admin/v1/attention';
const NO_RETRY = { maxAttempts: 1, initialDelayMs: 1, maxDelayMs: 1, jitter: 0, leaseMs: 60_000 };

/** E-mails to "refused…" addresses are refused for good (an SMTP 5xx). */
const mail: MailTransport = {
  name: 'scripted',
  send: async (message) => (message.to[0].startsWith('refused') ? { kind: 'permanent', error: '550 mailbox unavailable' } : { kind: 'sent', response: '250 ok', rejected: [] }),
  close: async () => undefined,
};

/** Endpoints whose URL says "gone" answer 410, "failing" ones 503, the others 200. */
const hooks: WebhookTransport = {
  post: async ({ url }) => ({ kind: 'answered', status: url.includes('gone') ? 410 : url.includes('failing') ? 503 : 200, durationMs: 1, excerpt: '' }),
  close: async () => undefined,
};

describe('GET /admin/v1/attention: what needs an operator, across every company', function () {
  this.timeout(60_000);
  let app: TestApp;
  let provider: ScriptedProvider;
  let acme: TestTenant;
  let beta: TestTenant;
  let operator: string;

  before(async () => {
    provider = new ScriptedProvider('DIAN no responde');
    app = await startTestApp(
      { ...LIVE_READY, WEBHOOKS_ALLOW_PRIVATE: 'true', MAIL_FROM: 'facturas@emisor.example', MESSAGES_DEFAULT_BRAND: 'default' },
      { provider, submissionRetry: NO_RETRY, mailTransport: mail, webhooks: { transport: hooks, schedulerIntervalMs: 20 } },
    );
    const scopes = ['invoices:read', 'invoices:write', 'messages:send', 'webhooks:read', 'webhooks:write'] as const;
    acme = await app.createTenant({ nit: '900825759', scopes: [...scopes], environment: 'live' });
    beta = await app.createTenant({ nit: '800197268', scopes: [...scopes] });
    await liveNumbering(app, acme.tenantId);
    operator = (await app.createKey(OPERATOR_TENANT, [...OPERATOR_SCOPES], 'live')).key;
    for (const [url, key] of [['https://erp.example.com/gone', beta.key], ['https://erp.example.com/failing', beta.key], ['https://erp.example.com/ok', beta.key]]) {
      const created = await http(app.baseUrl, 'POST', '/v1/webhook-endpoints', { key, body: { url, events: ['document.failed'] } });
      expect(created.status, created.text).to.equal(201);
    }
    await postInvoice(app, acme.key);
    await app.settle();
    provider.down = true;
    for (let index = 0; index < 26; index += 1) {
      expect((await postInvoice(app, acme.key)).status).to.equal(202);
      expect((await postInvoice(app, beta.key)).status).to.equal(202);
    }
    for (const to of ['refused@example.com', 'ana@example.com']) expect((await postMessage(app, acme.key, otpRequest({ to }))).status).to.equal(202);
    await app.settle();
  });
  after(() => app.close());

  const attention = async () => {
    const answer = await http(app.baseUrl, 'GET', ATTENTION, { key: operator });
    expect(answer.status, answer.text).to.equal(200);
    expectSchema('Attention', answer.body);
    return answer.body;
  };

  it('given documents that failed in two companies, then their count and the 50 most recent, identified only', async () => {
    const { documents_failed: failed } = await attention();

    expect(failed.count).to.equal(52);
    expect(failed.items).to.have.length(50);
    const since = failed.items.map((item: { since: string }) => item.since);
    expect([...since].sort().reverse()).to.deep.equal(since);
    const companies = new Set(failed.items.map((item: { company: string; environment: string }) => `${item.company}/${item.environment}`));
    expect([...companies].sort()).to.deep.equal(['Company 800197268/test', 'Company 900825759/live']);
    const item = failed.items.find((candidate: { tenant_id: string }) => candidate.tenant_id === acme.tenantId);
    expect(Object.keys(item)).to.deep.equal(['tenant_id', 'company', 'environment', 'id', 'family', 'number', 'since', 'reason']);
    expect(item).to.include({ family: 'sales-invoices', number: null });
    expect(item.reason).to.contain('DIAN no responde');
  });

  it('given an e-mail refused for good, then it with its recipient and the refusal', async () => {
    const { messages_failed: failed } = await attention();

    expect(failed.count).to.equal(1);
    expect(failed.items[0]).to.include({ tenant_id: acme.tenantId, company: 'Company 900825759', environment: 'live' });
    expect(failed.items[0].to).to.deep.equal(['refused@example.com']);
    expect(failed.items[0].reason).to.contain('550 mailbox unavailable');
  });

  it('given endpoints that answered 410 and 503, then the disabled one and the failing one with their last error; the healthy one not', async () => {
    // The endpoint's state comes from its registry's stream, its last error from the deliveries' read model, which a
    // busy host may project a moment later: wait for both.
    const complete = (found: Record<string, any>) => found.count >= 2 && found.items.every((item: { last_error: string | null }) => item.last_error !== null);
    let endpoints: Record<string, any> = { count: 0, items: [] };
    for (let round = 0; round < 400 && !complete(endpoints); round += 1) {
      endpoints = (await attention()).webhook_endpoints;
      if (!complete(endpoints)) await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const byUrl = Object.fromEntries(endpoints.items.map((item: { url: string }) => [item.url, item]));
    expect(Object.keys(byUrl).sort()).to.deep.equal(['https://erp.example.com/failing', 'https://erp.example.com/gone']);
    expect(byUrl['https://erp.example.com/gone']).to.include({ tenant_id: beta.tenantId, environment: 'test', status: 'disabled', disabled_reason: 'gone', reason: 'gone', last_error: 'HTTP 410' });
    expect(byUrl['https://erp.example.com/failing']).to.include({ status: 'enabled', disabled_reason: null, reason: 'failing', last_error: 'HTTP 503' });
    expect(byUrl['https://erp.example.com/failing'].failing_since).to.equal(byUrl['https://erp.example.com/failing'].since);
  });

  it('given a company’s key, then 403: only operator keys see across companies', async () => {
    expectProblem(await http(app.baseUrl, 'GET', ATTENTION, { key: acme.key }), 403, 'insufficient_scope');
    expectProblem(await http(app.baseUrl, 'GET', ATTENTION), 401, 'unauthorized');
  });
});
