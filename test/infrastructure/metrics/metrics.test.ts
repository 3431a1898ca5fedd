import { LIVE_READY, liveNumbering } from '../../support/live-numbering.ts';
import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const metric = (text: string, name: string, labels: Record<string, string>): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('Prometheus metrics at /metrics', () => {
  let app: TestApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    const body = sampleInvoice();
    for (const key of ['metrics-1-key', 'metrics-2-key']) {
      await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body, headers: { 'Idempotency-Key': key } });
    }
    await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body: sampleInvoice({ identification: '1111111111' }), headers: { 'Idempotency-Key': 'metrics-3-key' } });
    await http(app.baseUrl, 'GET', '/invoices/v1/sales-invoices/not-a-uuid', { key: tenant.key });
    await app.settle();
  });
  after(() => app.close());

  it('given traffic, then requests are counted by method, route pattern and status, with a latency histogram', async () => {
    const { status, text, headers } = await http(app.baseUrl, 'GET', '/metrics');
    expect(status).to.equal(200);
    expect(headers.get('content-type')).to.match(/^text\/plain/);
    expect(metric(text, 'http_requests_total', { method: 'POST', route: '/invoices/v1/sales-invoices', status: '202' })).to.equal(3);
    expect(metric(text, 'http_requests_total', { method: 'GET', route: '/invoices/v1/sales-invoices/:id', status: '422' })).to.equal(1);
    expect(metric(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/invoices/v1/sales-invoices', status: '202' })).to.equal(3);
    expect(text).to.contain('http_request_duration_seconds_bucket{le="0.05"');
  });

  it('given documents submitted, then appends and provider calls are counted by outcome', async () => {
    const { text } = await http(app.baseUrl, 'GET', '/metrics');
    expect(metric(text, 'eventstore_appends_total', { outcome: 'ok' })).to.be.greaterThan(6);
    expect(metric(text, 'provider_calls_total', { provider: 'sandbox', operation: 'submit', outcome: 'validated' })).to.equal(2);
    expect(metric(text, 'provider_calls_total', { provider: 'sandbox', operation: 'submit', outcome: 'rejected' })).to.equal(1);
  });

  it('given the workers caught up, then each subscription reports its lag', async () => {
    const { text } = await http(app.baseUrl, 'GET', '/metrics');
    for (const subscription of ['documents', 'submission', 'voiding']) {
      expect(metric(text, 'subscription_lag_events', { subscription }), subscription).to.equal(0);
    }
  });
});

describe('Prometheus metrics: e-mail outcomes', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp(LIVE_READY);
  });
  after(() => app.close());

  it('given a validated invoice e-mailed with a live key (outbox transport), then one sent delivery is counted', async () => {
    const tenant = await app.createTenant({ environment: 'live' });
    await liveNumbering(app, tenant.tenantId);
    const posted = await http(app.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': 'metrics-mail-key' } });
    await app.settle();
    const emailed = await http(app.baseUrl, 'POST', `/invoices/v1/sales-invoices/${posted.body.id}/email`, { key: tenant.key, body: { email: 'cliente@example.com' } });
    expect(emailed.status).to.equal(202);
    let sent: number | undefined;
    for (let i = 0; i < 100 && sent === undefined; i += 1) {
      await app.settle();
      sent = metric((await http(app.baseUrl, 'GET', '/metrics')).text, 'email_deliveries_total', { outcome: 'sent' });
      if (sent === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sent).to.equal(1);
  });
});
