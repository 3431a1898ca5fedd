import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { CSV_COLUMNS } from '../../../api/audit/audit-export-formats.ts';
import { createLogger } from '../../../infrastructure/logging/logger.ts';
import { colombianDate, createInvoice, expectNamesField, expectProblem, expectSchema, postInvoice, shiftDate } from '../../support/api-test-helpers.ts';
import { http } from '../../support/http.ts';
import { PageWatchingReadModelStore } from '../../support/page-watching-read-model-store.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';
import { streamed } from '../../support/streamed-request.ts';

const EXPORT = '/v1/audit/export';
const DOCUMENTS = 1_000;
/** Each validated invoice: DocumentCreated, DocumentSubmissionStarted, DocumentValidated. */
const EVENTS_EACH = 3;

describe('GET /v1/audit/export: a period’s documents with their events, streamed', function () {
  this.timeout(180_000);
  let app: TestApp;
  let tenant: TestTenant;
  let watching: PageWatchingReadModelStore;
  const logLines: Array<Record<string, any>> = [];
  let today: string;
  let otherId: string;
  let period: string;

  before(async () => {
    const logger = createLogger('info', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    // The export's pages: the documents read model in ascending issue-date order.
    const exportPages = (query: { orderBy: ReadonlyArray<readonly [string, string]>; where?: Record<string, unknown> }) =>
      query.orderBy[0]?.[0] === 'issueDate' && query.orderBy[0][1] === 'asc';
    app = await startTestApp({ SANDBOX_DELAY_MS: '0' }, { logger, wrapReadModels: (store) => (watching = new PageWatchingReadModelStore(store, 'documents', exportPages)) });
    tenant = await app.createTenant();
    await createInvoice(app, tenant.key, { ...sampleInvoice(), customer: { ...sampleInvoice().customer, company: '=HYPERLINK("http://evil.example")' } });
    await createInvoice(app, tenant.key, { ...sampleInvoice(), customer: { ...sampleInvoice().customer, company: 'Ñandú, "Los Andes" S.A.S.\nBogotá' } });
    for (let made = 2; made < DOCUMENTS; made += 20) {
      const answers = await Promise.all(Array.from({ length: Math.min(20, DOCUMENTS - made) }, () => postInvoice(app, tenant.key)));
      for (const answer of answers) expect(answer.status, answer.text).to.equal(202);
    }
    const other = await app.createTenant({ nit: '800197268' });
    otherId = (await createInvoice(app, other.key)).id;
    await app.settle();
    today = colombianDate(new Date());
    period = `from=${shiftDate(today, -1)}&to=${shiftDate(today, 1)}`;
  });
  after(() => app.close());

  const exportOf = (query: string, key: string | undefined = tenant.key) => http(app.baseUrl, 'GET', `${EXPORT}?${query}`, { key });
  /** The body as sent, byte order mark included (fetch's text() drops it). */
  const rawExport = async (query: string, key = tenant.key) => {
    const response = await fetch(`${app.baseUrl}${EXPORT}?${query}`, { headers: { Authorization: `Bearer ${key}` } });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, text };
  };
  /** Resolves with the first log line after `from` that `matches`; rejects after a few seconds. */
  const logged = (from: number, matches: (entry: Record<string, any>) => boolean) =>
    new Promise<Record<string, any>>((resolve, reject) => {
      const deadline = Date.now() + 10_000;
      const poll = () => {
        const line = logLines.slice(from).find(matches);
        if (line) return resolve(line);
        if (Date.now() > deadline) return reject(new Error('no such log line'));
        setTimeout(poll, 5);
      };
      poll();
    });

  it('given a period with 1,000 documents, then a CSV with a BOM, the 17 columns in order and one row per event of each', async () => {
    const answer = await rawExport(`${period}&format=csv`);

    expect(answer.status, answer.text.slice(0, 300)).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).to.equal(`attachment; filename="auditoria-${shiftDate(today, -1)}-${shiftDate(today, 1)}.csv"`);
    expect(answer.text.charCodeAt(0), 'a UTF-8 byte order mark').to.equal(0xfeff);
    const lines = answer.text.slice(1).split('\r\n');
    expect(lines[0]).to.equal(CSV_COLUMNS.join(','));
    const records: string[][] = parse(answer.text, { bom: true, relax_column_count: false });
    expect(records[0]).to.deep.equal([...CSV_COLUMNS]);
    const rows = records.slice(1);
    expect(rows).to.have.length(DOCUMENTS * EVENTS_EACH);
    const documents = new Set(rows.map((row) => row[0]));
    expect(documents.size).to.equal(DOCUMENTS);
    expect(documents.has(otherId), 'another company’s document').to.equal(false);
    const first = rows.filter((row) => row[0] === rows[0][0]);
    expect(first.map((row) => [row[9], row[10], row[14]])).to.deep.equal([
      ['0', 'DocumentCreated', 'pending'],
      ['1', 'DocumentSubmissionStarted', 'sent'],
      ['2', 'DocumentValidated', 'validated'],
    ]);
    expect(first[0]).to.include.members(['sales-invoices', today, 'validated', '83300.00', tenant.keyId]);
    expect(first[1][16], 'each event links to the one before it').to.equal(first[0][15]);
  });

  it('given cells a spreadsheet would run or split, then formulas prefixed with a quote mark and commas, quotes and line breaks quoted', async () => {
    const { text } = await exportOf(`${period}&format=csv`);
    const rows: string[][] = parse(text, { bom: true }).slice(1);
    const names = new Set(rows.map((row) => row[7]));

    expect(names).to.include(`'=HYPERLINK("http://evil.example")`);
    expect(names).to.include('Ñandú, "Los Andes" S.A.S.\nBogotá');
    expect(text).to.contain('"Ñandú, ""Los Andes"" S.A.S.\nBogotá"');
  });

  it('given format=jsonl, then one line per document with its record and every event, data included', async () => {
    const answer = await exportOf(`${period}&format=jsonl`);

    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.match(/^application\/x-ndjson/);
    const lines = answer.text.split('\n');
    expect(lines.pop()).to.equal('');
    expect(lines).to.have.length(DOCUMENTS);
    const first = JSON.parse(lines[0]);
    for (const line of lines.slice(0, 50)) expectSchema('AuditExportLine', JSON.parse(line));
    expect(Object.keys(first.document)).to.deep.equal(['id', 'family', 'number', 'unique_code', 'issue_date', 'status', 'counterparty', 'payable_amount']);
    expect(first.document).to.include({ family: 'sales-invoices', status: 'validated', issue_date: today, payable_amount: '83300.00' });
    expect(first.events.map((event: Record<string, unknown>) => [event.revision, event.type, event.status_after])).to.deep.equal([
      [0, 'DocumentCreated', 'pending'],
      [1, 'DocumentSubmissionStarted', 'sent'],
      [2, 'DocumentValidated', 'validated'],
    ]);
    expect(Object.keys(first.events[0])).to.deep.equal(['revision', 'event_id', 'type', 'recorded_at', 'actor', 'correlation_id', 'causation_id', 'status_after', 'hash', 'previous_hash', 'data']);
    expect(first.events[0].data).to.include({ documentId: first.document.id });
    expect(lines.some((line) => line.includes(otherId))).to.equal(false);
  });

  it('streams: the first bytes arrive while the read model has answered only its first page, the second being held', async () => {
    watching.reset();
    watching.holdAfter(1);
    const response = streamed(`${app.baseUrl}${EXPORT}?${period}&format=jsonl`, tenant.key);

    const first = await response.first;
    await watching.untilAsked(2);
    expect(JSON.parse(first.toString('utf8').split('\n')[0]).document.family).to.equal('sales-invoices');
    expect([watching.asked, watching.answered], 'pages asked and answered when the first bytes arrived').to.deep.equal([2, 1]);
    watching.release();
    const { status, body } = await response.whole;
    expect(status).to.equal(200);
    expect(body.toString('utf8').split('\n').filter(Boolean)).to.have.length(DOCUMENTS);
    // Ten full pages of invoices, the empty one that ends their walk, and one (empty) for each of the six other families.
    expect(watching.answered).to.equal(DOCUMENTS / 100 + 1 + 6);
  });

  it('given the client goes away, then the export stops reading: no page after the one it was on', async () => {
    watching.reset();
    watching.holdAfter(1);
    const ended = logLines.length;
    const response = streamed(`${app.baseUrl}${EXPORT}?${period}&format=csv`, tenant.key);

    await response.first;
    await watching.untilAsked(2);
    response.abort();
    // pino-http logs the request when the service sees its connection close: the export learns it from the same event.
    await logged(ended, (entry) => entry.msg === 'request aborted');
    watching.release();
    const log = await logged(ended, (entry) => String(entry.msg).startsWith('audit export'));

    expect(log.msg).to.equal('audit export ended early');
    expect(log.pages).to.equal(2);
    expect(log.documents).to.be.below(DOCUMENTS);
    expect(watching.asked).to.equal(2);
  });

  it('given another company’s key, then none of these documents; a period with nothing, then the header alone', async () => {
    const other = await app.createKey((await app.createTenant({ nit: '901234567' })).tenantId, ['invoices:read']);
    const empty = await rawExport(`${period}&format=csv`, other.key);
    expect(empty.status).to.equal(200);
    expect(empty.text).to.equal(`\ufeff${CSV_COLUMNS.join(',')}\r\n`);
    const before = await exportOf(`from=2020-01-01&to=2020-12-31&format=jsonl`);
    expect([before.status, before.text]).to.deep.equal([200, '']);
  });

  it('given one family, then only its documents', async () => {
    const notes = await exportOf(`${period}&format=jsonl&family=credit-notes`);
    expect([notes.status, notes.text]).to.deep.equal([200, '']);
    const invoices = await exportOf(`${period}&format=jsonl&family=sales-invoices`);
    expect(invoices.text.split('\n').filter(Boolean)).to.have.length(DOCUMENTS);
  });

  it('given bad or missing parameters, then 400 validation_failed naming each; 403 without invoices:read, 401 without a key', async () => {
    const bad: Array<[string, string]> = [
      ['to=2026-01-31&format=csv', 'from'],
      ['from=2026-01-01&format=csv', 'to'],
      ['from=2026-01-01&to=2026-01-31', 'format'],
      ['from=2026-01-01&to=2026-01-31&format=xlsx', 'format'],
      ['from=2026-02-30&to=2026-03-31&format=csv', 'from'],
      ['from=2026-03-02&to=2026-03-01&format=csv', 'from'],
      ['from=2026-01-01&to=2026-01-31&format=csv&family=invoices', 'family'],
      ['from=2026-01-01&to=2026-01-31&format=csv&limit=5', 'limit'],
    ];
    for (const [query, field] of bad) expectNamesField(expectProblem(await exportOf(query), 400, 'validation_failed'), field);
    const writer = await app.createKey(tenant.tenantId, ['invoices:write']);
    expectProblem(await exportOf(`${period}&format=csv`, writer.key), 403, 'insufficient_scope');
    expectProblem(await http(app.baseUrl, 'GET', `${EXPORT}?${period}&format=csv`), 401, 'unauthorized');
  });
});
