import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SmtpTestServer } from '../support/smtp-test-server.ts';
import { FactusDouble } from '../support/factus/double/factus-double.ts';
import { demoKey } from '../support/service-process.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { Cluster, pool, waitUntil } from './support/cluster.ts';

const TOTAL = 200;
const EMAILED = 50;
const KILL_AFTER = 100;
const BASE = '/invoices/v1/sales-invoices';
const RECIPIENT = 'contabilidad@cliente.example';
const PER_MINUTE = 80;

/**
 * Three service processes on one DATA_DIR with PROVIDER=factus against a Factus double, and e-mail through one SMTP
 * sink: the deployment never sends Factus more than its limit in any minute, never sends a document twice, and
 * delivers each e-mail once, though every process runs workers and one is killed midway.
 */
describe('Three processes on one DATA_DIR with Factus: 200 invoices, one process SIGKILLed midway, 50 e-mails', function () {
  this.timeout(480_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-three-factus-'));
  let double: FactusDouble;
  let smtp: SmtpTestServer;
  let cluster: Cluster;
  const ids: string[] = [];

  before(async () => {
    double = new FactusDouble();
    await double.start();
    smtp = await SmtpTestServer.start();
    cluster = await Cluster.start(3, dataDir, {
      ...double.environment(),
      FACTUS_REQUESTS_PER_MINUTE: String(PER_MINUTE),
      FACTUS_TIMEOUT_MS: '5000',
      SUBMISSION_LEASE_S: '15',
      SMTP_URL: smtp.url,
    });
    await cluster.spread();
  });

  after(async () => {
    await cluster?.stop();
    await smtp?.close();
    await double?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given 200 invoices posted round-robin and the process submitting them killed midway and restarted, then all are validated', async () => {
    const keys = Array.from({ length: TOTAL }, (_, n) => `three-factus-${String(n).padStart(4, '0')}`);
    const victim = await cluster.holderOf('submission');
    const accepted = await cluster.issueKilling(BASE, keys, { width: 8, body: sampleInvoice, killAfter: KILL_AFTER, victim });
    ids.push(...accepted.values());
    expect(new Set(ids).size).to.equal(TOTAL);
    await waitUntil(
      async () => (await cluster.request(0, 'GET', `${BASE}?status=validated&per_page=1`)).body.pagination.total === TOTAL,
      300_000,
      'every invoice to be validated through Factus',
    );
  });

  it('then Factus received exactly one create per reference code, and no number went to two documents', async () => {
    const creates = double.submissions();
    expect(creates).to.have.length(TOTAL);
    expect(new Set(creates)).to.deep.equal(new Set(ids));
    const numbers = new Set<string>();
    for (const [index, id] of ids.entries()) {
      const document = await cluster.request(index, 'GET', `${BASE}/${id}`);
      expect(document.body.status).to.equal('validated');
      numbers.add(document.body.number);
    }
    expect(numbers.size).to.equal(TOTAL);
  });

  it(`then Factus never saw more than ${PER_MINUTE} requests in any 60-second window across the three processes`, () => {
    expect(double.requests.length).to.be.greaterThan(TOTAL);
    expect(double.busiestWindow(60_000)).to.be.at.most(PER_MINUTE);
    // One token serves the three processes; a renewal (90 % into its ten minutes) would bring a second one only in a
    // longer run, and a token request that timed out is asked again, so the count that matters is of tokens used.
    const tokenRequests = double.requests.filter((request) => request.method === 'POST' && request.path === '/oauth/token');
    const authenticated = double.requests.filter((request) => request.authorization !== undefined);
    const span = authenticated.at(-1)!.at - tokenRequests[0].at;
    const renewals = Math.floor(span / (0.9 * double.tokenLifetimeSeconds * 1000));
    const asked = tokenRequests.map((request) => `${request.body?.grant_type} at +${request.at - tokenRequests[0].at} ms`).join(', ');
    const used = new Set(authenticated.map((request) => request.authorization));
    expect(used.size, `tokens the three processes used over ${span} ms (token requests: ${asked})`).to.be.within(1, 1 + renewals);
  });

  it('given 50 of them e-mailed through the three processes to one SMTP sink, then each arrives exactly once', async () => {
    const tenant = demoKey(dataDir).tenant_id;
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infrastructure/cli/main.ts', 'recipients', 'allow', '--tenant', tenant, RECIPIENT], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', EVENTSTORE_URL: '', MONGODB_URL: '' },
    });
    const chosen = ids.slice(0, EMAILED);
    await pool(chosen, 5, async (id, index) => {
      const answer = await cluster.request(index, 'POST', `${BASE}/${id}/email`, { body: { email: RECIPIENT } });
      expect(answer.status, answer.text).to.equal(202);
    });
    await smtp.waitFor(EMAILED, 240_000);
    // Anything sent twice would arrive within the next seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(smtp.received).to.have.length(EMAILED);
    const messageIds = smtp.received.map((received) => received.mail.messageId);
    expect(new Set(messageIds).size).to.equal(EMAILED);
    expect(double.busiestWindow(60_000)).to.be.at.most(PER_MINUTE);
  });
});
