import { expect } from 'chai';
import { ApiError } from '../../../clients/typescript/invoices-client.ts';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startIntegrationApp, type IntegrationApp, type TestTenant } from '../../support/invoice-management/integration-app.ts';
import { transmittedInvoice } from '../../support/invoice-management/invoice-steps.ts';

/** Records what the client sends; a test may replace the answer of a request (a lost answer, a dropped connection). */
function recordingFetch(answer?: (request: Request, real: () => Promise<Response>, attempt: number) => Promise<Response>) {
  const requests: Request[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const real = () => fetch(request);
    return answer ? answer(request, real, requests.length) : real();
  };
  return { requests, fetch: fetcher as typeof fetch };
}

/** A sleep that records each delay; it really waits only from the given call on. */
function recordingSleep(waitFrom = 1) {
  const delays: number[] = [];
  const sleep = async (ms: number) => {
    delays.push(ms);
    if (delays.length >= waitFrom) await new Promise((resolve) => setTimeout(resolve, ms));
  };
  return { delays, sleep };
}

describe('Reference client (clients/typescript) against the running service', () => {
  let app: IntegrationApp;
  let tenant: TestTenant;

  before(async () => {
    app = await startIntegrationApp();
    tenant = await app.createTenant();
  });
  after(() => app.close());

  const transmissions = async (id: string) =>
    (await app.container.eventStore.readStream(`salesInvoice-${id}`)).filter((event) => event.type === 'DocumentTransmissionRequested').length;

  it('follows next_cursor until it is null', async () => {
    const fresh = await app.createTenant();
    const client = app.client(fresh.key);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await client.createDraft(sampleInvoice())).id);
    await app.settle();
    const recorder = recordingFetch();

    const seen: string[] = [];
    for await (const invoice of app.client(fresh.key, { fetch: recorder.fetch }).invoices({ limit: 2 })) seen.push(invoice.id);

    expect(seen).to.deep.equal(ids);
    expect(recorder.requests.map((request) => new URL(request.url).searchParams.has('cursor'))).to.deep.equal([false, true, true]);
  });

  it('rule 1: a 4xx is not retried unchanged; its problem comes back as ApiError', async () => {
    const client = app.client(tenant.key);
    const draft = await client.createDraft(sampleInvoice());
    const recorder = recordingFetch();

    const error = await app.client(tenant.key, { fetch: recorder.fetch }).issueInvoice(draft.id).catch((caught) => caught);

    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ status: 422, code: 'invoice_not_issuable' });
    expect(recorder.requests).to.have.length(1);
  });

  it('rule 1: a 429 is retried after Retry-After, with the wait doubling on a repeated 429', async () => {
    const limited = await startIntegrationApp({ INTEGRATIONS_RATE_LIMIT: '1', INTEGRATIONS_RATE_WINDOW_SECONDS: '1' });
    try {
      const { key } = await limited.createTenant();
      const recorder = recordingFetch();
      // The first wait is skipped, so the retry lands in the same window and meets a second 429.
      const sleeper = recordingSleep(2);
      const client = limited.client(key, { fetch: recorder.fetch, sleep: sleeper.sleep, retry: { baseDelayMs: 10, maxDelayMs: 10_000 } });

      await client.me();
      const identity = await client.me();

      expect(identity.environment).to.equal('test');
      expect(sleeper.delays).to.deep.equal([1_000, 2_000]);
      expect(recorder.requests).to.have.length(4);
    } finally {
      await limited.close();
    }
  });

  it('rule 2: a 5xx is retried with exponential back-off (never sooner than its Retry-After)', async () => {
    const invoice = await transmittedInvoice(app, tenant.key);
    app.provider.renderFailures.push(new Error('boom'), new Error('boom'), new ProviderUnavailableError('down', 1_000), new Error('boom'));
    const sleeper = recordingSleep(Number.POSITIVE_INFINITY);
    const recorder = recordingFetch();
    const client = app.client(tenant.key, { fetch: recorder.fetch, sleep: sleeper.sleep, retry: { baseDelayMs: 10, maxDelayMs: 10_000 } });

    const pdf = await client.download(invoice.id, 'pdf');

    expect(pdf.contentType).to.match(/^application\/pdf/);
    expect(sleeper.delays).to.deep.equal([10, 20, 1_000, 80]);
    expect(recorder.requests).to.have.length(5);
  });

  it('rule 2: a 5xx that persists is given up after maxAttempts, as ApiError', async () => {
    const invoice = await transmittedInvoice(app, tenant.key);
    app.provider.renderFailures.push(...Array.from({ length: 3 }, () => new Error('boom')));
    const client = app.client(tenant.key, { sleep: recordingSleep(Number.POSITIVE_INFINITY).sleep, retry: { maxAttempts: 3 } });

    const error = await client.download(invoice.id, 'xml').catch((caught) => caught);

    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ status: 500, code: 'internal_error' });
  });

  it('rule 3: a POST whose answer was lost is retried with the same Idempotency-Key: the original answer, transmitted once', async () => {
    const client = app.client(tenant.key);
    const invoice = await client.finalizeInvoice((await client.createDraft(sampleInvoice())).id);
    const lost = recordingFetch(async (_request, real, attempt) => {
      const response = await real();
      return attempt === 1 ? new Response('bad gateway', { status: 502 }) : response;
    });

    const answer = await app.client(tenant.key, { fetch: lost.fetch }).issueInvoice(invoice.id);

    expect(answer).to.include({ invoice_id: invoice.id, status: 'transmitting', deduplicated: true });
    const keys = lost.requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).to.have.length(2);
    expect(keys[0]).to.be.a('string').and.equal(keys[1]);
    expect(await transmissions(invoice.id)).to.equal(1);
  });

  it('rule 3: a dropped connection after the service acted is retried the same way', async () => {
    const client = app.client(tenant.key);
    const invoice = await client.finalizeInvoice((await client.createDraft(sampleInvoice())).id);
    const dropped = recordingFetch(async (_request, real, attempt) => {
      const response = await real();
      if (attempt === 1) throw new TypeError('fetch failed');
      return response;
    });

    const answer = await app.client(tenant.key, { fetch: dropped.fetch }).issueInvoice(invoice.id, { idempotencyKey: `issue-${invoice.id}` });

    expect(answer.deduplicated).to.equal(true);
    expect(dropped.requests.map((request) => request.headers.get('idempotency-key'))).to.deep.equal([`issue-${invoice.id}`, `issue-${invoice.id}`]);
    expect(await transmissions(invoice.id)).to.equal(1);
  });

  it('rule 3: reusing a key for a different request gives 409 idempotency_conflict (not retried)', async () => {
    const client = app.client(tenant.key);
    const [a, b] = [await client.createDraft(sampleInvoice()), await client.createDraft(sampleInvoice())];
    await client.finalizeInvoice(a.id);
    await client.finalizeInvoice(b.id);
    await client.issueInvoice(a.id, { idempotencyKey: 'shared-key-1' });
    const recorder = recordingFetch();

    const error = await app.client(tenant.key, { fetch: recorder.fetch }).issueInvoice(b.id, { idempotencyKey: 'shared-key-1' }).catch((caught) => caught);

    expect(error).to.be.instanceOf(ApiError);
    expect(error.code).to.equal('idempotency_conflict');
    expect(recorder.requests).to.have.length(1);
  });
});
