import { expect } from 'chai';
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
      if (renders === failAt) throw new Error('the render thread died');
      return render(document, format);
    };
  });
  after(() => app.close());
  beforeEach(() => {
    renders = 0;
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
});
