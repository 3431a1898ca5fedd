import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { DocumentProvider } from '../../../application/ports/document-provider.ts';
import { createLogger } from '../../../infrastructure/logging/logger.ts';
import { issueValidated } from '../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const ARCHIVE = '/v1/documents/archive';

describe('GET /v1/documents/archive when a file cannot be rendered', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let period: string;
  let render: DocumentProvider['render'];
  let failAt = Number.POSITIVE_INFINITY;
  let failure: () => Error = () => new Error('the render thread died');
  let renders = 0;
  const logLines: Array<Record<string, any>> = [];

  before(async () => {
    const logger = createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    app = await startTestApp({}, { logger });
    tenant = await app.createTenant();
    const invoices = [];
    for (let made = 0; made < 3; made += 1) invoices.push(await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice()));
    period = `from=${invoices[0].issue_date}&to=${invoices[2].issue_date}&family=sales-invoices`;
    // The archive renders through the container's provider: a file that fails at the chosen render.
    const provider = app.container.provider;
    render = provider.render.bind(provider);
    provider.render = async (document, format) => {
      renders += 1;
      if (renders >= failAt && renders < failAt + failures) throw failure();
      return render(document, format);
    };
  });
  after(() => app.close());
  let failures = 1;
  beforeEach(() => {
    renders = 0;
    failAt = Number.POSITIVE_INFINITY;
    failures = 1;
    failure = () => new Error('the render thread died');
  });

  it('given the first file failing, then a 500 problem document and no archive (nothing was sent yet)', async () => {
    failAt = 1;
    const response = await fetch(`${app.baseUrl}${ARCHIVE}?${period}`, { headers: { Authorization: `Bearer ${tenant.key}` } });
    const body = await response.json();

    expect(response.status).to.equal(500);
    expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(body.code).to.equal('internal_error');
    expect(JSON.stringify(body)).to.not.contain('render thread died');
  });

  it('given a file failing after the first bytes, then the transfer is cut short: the client cannot take the part for an archive', async () => {
    failAt = 5;
    const from = logLines.length;
    const response = await fetch(`${app.baseUrl}${ARCHIVE}?${period}`, { headers: { Authorization: `Bearer ${tenant.key}` } });

    expect(response.status).to.equal(200);
    let failure: unknown;
    await response.arrayBuffer().catch((error: unknown) => (failure = error));

    expect(failure, 'reading the body').to.be.instanceOf(Error);
    const outcome = logLines.slice(from).find((line) => String(line.msg).startsWith('document archive'));
    expect(outcome).to.include({ msg: 'document archive ended early', documents: 1 });
  });

  it('given every render thread busy for a moment, then the archive waits and asks again, and is whole', async () => {
    failAt = 2;
    failures = 2;
    failure = () => new RenderingBusyError(64);
    const response = await fetch(`${app.baseUrl}${ARCHIVE}?${period}`, { headers: { Authorization: `Bearer ${tenant.key}` } });
    const files = unzipSync(Buffer.from(await response.arrayBuffer()));

    expect(response.status).to.equal(200);
    expect(Object.keys(files)).to.have.length(3 * 3 + 1);
    expect(renders).to.equal(3 * 3 + 2);
  });

  it('given a provider without one of the files, then the archive fails rather than leaving the file out', async () => {
    const from = logLines.length;
    const provider = app.container.provider;
    const rendering = provider.render;
    provider.render = async (document, format) => (format === 'pdf' && document.number?.endsWith('1') ? null : rendering(document, format));
    try {
      const response = await fetch(`${app.baseUrl}${ARCHIVE}?${period}`, { headers: { Authorization: `Bearer ${tenant.key}` } });
      let failed: unknown;
      await response.arrayBuffer().catch((error: unknown) => (failed = error));

      expect(response.status).to.equal(200);
      expect(failed, 'reading the body').to.be.instanceOf(Error);
      expect(logLines.slice(from).find((line) => String(line.msg).startsWith('document archive'))?.msg).to.equal('document archive ended early');
    } finally {
      provider.render = rendering;
    }
  });
});
