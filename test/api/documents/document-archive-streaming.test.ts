import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { createLogger } from '../../../infrastructure/logging/logger.ts';
import { colombianDate, postInvoice } from '../../support/api-test-helpers.ts';
import { PageWatchingReadModelStore } from '../../support/page-watching-read-model-store.ts';
import { streamed } from '../../support/streamed-request.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

/** More than one page of the archive's walk (50 rows a page). */
const DOCUMENTS = 60;

describe('GET /v1/documents/archive streams: files go out as they are rendered, a page of rows at a time', function () {
  this.timeout(120_000);
  let app: TestApp;
  let tenant: TestTenant;
  let watching: PageWatchingReadModelStore;
  let url: string;
  const logLines: Array<Record<string, any>> = [];

  before(async () => {
    const logger = createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    // The archive's pages: the documents read model in ascending issue-date order.
    const archivePages = (query: { orderBy: ReadonlyArray<readonly [string, string]> }) => query.orderBy[0]?.[0] === 'issueDate' && query.orderBy[0][1] === 'asc';
    app = await startTestApp({ SANDBOX_DELAY_MS: '0' }, { logger, wrapReadModels: (store) => (watching = new PageWatchingReadModelStore(store, 'documents', archivePages)) });
    tenant = await app.createTenant();
    for (let made = 0; made < DOCUMENTS; made += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => postInvoice(app, tenant.key)));
      for (const answer of answers) expect(answer.status, answer.text).to.equal(202);
    }
    await app.settle();
    const today = colombianDate(new Date());
    url = `${app.baseUrl}/v1/documents/archive?from=${today}&to=${today}&family=sales-invoices&formats=xml`;
  });
  after(() => app.close());

  it('sends its first bytes while the read model has answered only its first page, and is whole once the second comes', async () => {
    watching.reset();
    watching.holdAfter(1);
    const response = streamed(url, tenant.key);

    await response.first;
    await watching.untilAsked(2);
    expect([watching.asked, watching.answered], 'pages asked and answered when the first bytes arrived').to.deep.equal([2, 1]);
    watching.release();
    const { status, body } = await response.whole;
    expect(status).to.equal(200);
    expect(Object.keys(unzipSync(body))).to.have.length(DOCUMENTS + 1);
  });

  it('given the client goes away, then the archive stops: no page after the one it was on, and it says it ended early', async () => {
    watching.reset();
    watching.holdAfter(1);
    const from = logLines.length;
    const response = streamed(url, tenant.key);

    await response.first;
    await watching.untilAsked(2);
    response.abort();
    watching.release();
    const deadline = Date.now() + 10_000;
    let outcome: Record<string, any> | undefined;
    while (!outcome && Date.now() < deadline) {
      outcome = logLines.slice(from).find((line) => String(line.msg).startsWith('document archive'));
      if (!outcome) await new Promise((resolve) => setTimeout(resolve, 10));
    }

    expect(outcome?.msg).to.equal('document archive ended early');
    expect(outcome?.documents).to.be.below(DOCUMENTS);
    expect(watching.asked).to.equal(2);
  });
});
