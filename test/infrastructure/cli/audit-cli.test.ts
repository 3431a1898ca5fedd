import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyTrail } from '../../../application/audit/verify-trail.ts';
import { createInvoice } from '../../support/api-test-helpers.ts';
import { create, periodNoteBody } from '../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestTenant } from '../../support/test-app.ts';
import { Tamperer } from '../../support/trail-tampering.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const STACK_FRAME = /\n\s+at .+:\d+/;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(dataDir: string, args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGODB_URL: '', LOG_LEVEL: 'silent' }, timeout: 30_000 },
      (error, stdout, stderr) => done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('audit CLI: history and audit verify (child processes on DATA_DIR)', function () {
  this.timeout(60_000);
  let dataDir: string;
  let tenant: TestTenant;
  let other: TestTenant;
  let invoiceId: string;
  let otherInvoiceId: string;
  let noteId: string;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'audit-cli-'));
    const app = await startTestApp({ DATA_DIR: dataDir });
    try {
      tenant = await app.createTenant();
      other = await app.createTenant({ nit: '800197268' });
      invoiceId = (await createInvoice(app, tenant.key, sampleInvoice(), { 'X-Correlation-Id': 'cli-corr-1' })).id;
      noteId = (await create(app, 'credit-note', tenant.key, periodNoteBody())).id;
      otherInvoiceId = (await createInvoice(app, other.key)).id;
      await app.settle();
      // Every stream the service wrote (tenants, keys, documents, numbering ranges, number index) is chained.
      const report = await verifyTrail(app.container.eventStore, { contiguousPositions: true });
      expect(report.findings).to.deep.equal([]);
    } finally {
      await app.close();
    }
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('history <id>: a readable timeline with time, event, actor, correlation and status after each', async () => {
    const [invoice, note, json] = await Promise.all([
      cli(dataDir, ['history', invoiceId]),
      cli(dataDir, ['history', noteId]),
      cli(dataDir, ['history', invoiceId.toUpperCase(), '--json']),
    ]);
    expect(invoice.code, invoice.stderr).to.equal(0);
    const lines = invoice.stdout.trim().split('\n');
    expect(lines[0]).to.contain(`sales-invoice ${invoiceId}`).and.contain(`salesInvoice-${invoiceId}`).and.contain('3 events');
    expect(lines[2]).to.match(/^time\s+event\s+actor\s+correlation\s+status after$/);
    expect(lines[3]).to.match(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\S+Z\\s+DocumentCreated\\s+${tenant.keyId}\\s+cli-corr-1\\s+pending$`));
    expect(lines[4]).to.match(/DocumentSubmissionStarted\s+system:submission\s+cli-corr-1\s+sent$/);
    expect(lines[5]).to.match(/DocumentValidated\s+system:submission\s+cli-corr-1\s+validated$/);

    expect(note.code, note.stderr).to.equal(0);
    expect(note.stdout).to.contain(`credit-note ${noteId}`).and.contain(`creditNote-${noteId}`);

    expect(json.code, json.stderr).to.equal(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed).to.include({ id: invoiceId, family: 'sales-invoice', stream: `salesInvoice-${invoiceId}`, tenant_id: tenant.tenantId });
    expect(parsed.events.map((e: Record<string, unknown>) => [e.type, e.actor, e.correlation_id, e.status])).to.deep.equal([
      ['DocumentCreated', tenant.keyId, 'cli-corr-1', 'pending'],
      ['DocumentSubmissionStarted', 'system:submission', 'cli-corr-1', 'sent'],
      ['DocumentValidated', 'system:submission', 'cli-corr-1', 'validated'],
    ]);
    expect(parsed.events[2].data.number).to.match(/^SETP99/);
  });

  it('history: an unknown id or a malformed one exits non-zero with a message, no stack trace', async () => {
    const [unknown, malformed] = await Promise.all([cli(dataDir, ['history', '3f2504e0-4f89-41d3-9a0c-0305e82c3301']), cli(dataDir, ['history', 'nope'])]);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('no document with id 3f2504e0-4f89-41d3-9a0c-0305e82c3301').and.not.match(STACK_FRAME);
    expect(malformed.code).to.equal(1);
    expect(malformed.stderr).to.contain('must be a UUID').and.not.match(STACK_FRAME);
  });

  it('audit verify: exit 0 on an intact trail; --tenant of an unknown tenant is refused', async () => {
    const [all, one, unknown] = await Promise.all([
      cli(dataDir, ['audit', 'verify']),
      cli(dataDir, ['audit', 'verify', '--tenant', tenant.tenantId, '--json']),
      cli(dataDir, ['audit', 'verify', '--tenant', '3f2504e0-4f89-41d3-9a0c-0305e82c3301']),
    ]);
    expect(all.code, all.stdout + all.stderr).to.equal(0);
    expect(all.stdout).to.match(/^trail intact: \d+ events in \d+ streams checked\n$/);
    expect(one.code, one.stderr).to.equal(0);
    expect(JSON.parse(one.stdout)).to.include({ ok: true }).and.have.property('findings').that.deep.equals([]);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('--tenant').and.not.match(STACK_FRAME);
  });

  it('audit verify: reports each altered, reordered and missing event with its stream and position, and exits 1', async () => {
    const tamper = new Tamperer(join(dataDir, 'events.sqlite'));
    const invoice = `salesInvoice-${invoiceId}`;
    const note = `creditNote-${noteId}`;
    const otherInvoice = `salesInvoice-${otherInvoiceId}`;
    const altered = tamper.position(invoice, 0);
    const [swappedA, swappedB] = [tamper.position(note, 1), tamper.position(note, 2)];
    const [beforeGap, deleted, afterGap] = [0, 1, 2].map((revision) => tamper.position(otherInvoice, revision));

    tamper.alterData(invoice, 0, '$.body.observation', 'inserted later');
    tamper.swapRevisions(note, 1, 2);
    const [text, json, onlyTenant] = await Promise.all([
      cli(dataDir, ['audit', 'verify']),
      cli(dataDir, ['audit', 'verify', '--json']),
      cli(dataDir, ['audit', 'verify', '--tenant', other.tenantId]),
    ]);
    expect(text.code).to.equal(1);
    expect(text.stdout).to.contain(`stream ${invoice} position ${altered} revision 0: altered (hash mismatch)`);
    expect(text.stdout).to.contain(`stream ${note} position ${swappedA} revision 2: reordered (written as revision 1)`);
    expect(text.stdout).to.contain(`stream ${note} position ${swappedB} revision 1: reordered (written as revision 2)`);
    expect(text.stderr).to.contain('the trail has 3 problems').and.not.match(STACK_FRAME);
    expect(json.code).to.equal(1);
    const report = JSON.parse(json.stdout);
    expect(report.ok).to.equal(false);
    expect(report.findings.map((f: Record<string, unknown>) => [f.kind, f.stream, f.position, f.revision])).to.deep.equal([
      ['altered', invoice, altered, 0],
      ['reordered', note, swappedA, 2],
      ['reordered', note, swappedB, 1],
    ]);
    // The other tenant's events are untouched so far.
    expect(onlyTenant.code, onlyTenant.stdout).to.equal(0);

    tamper.delete(otherInvoice, 1);
    const afterDelete = await cli(dataDir, ['audit', 'verify', '--tenant', other.tenantId]);
    expect(afterDelete.code).to.equal(1);
    expect(afterDelete.stdout).to.contain(`log position ${deleted}: missing (no event at this position of the log)`);
    expect(afterDelete.stdout).to.contain(
      `stream ${otherInvoice} revision 1: missing (no such event; after position ${beforeGap}, before position ${afterGap})`,
    );
    expect(afterDelete.stdout).to.not.contain(invoice);
  });
});
