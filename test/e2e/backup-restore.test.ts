import Database from 'better-sqlite3';
import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli-process.ts';
import { eventually } from '../support/fixtures.ts';
import { http } from '../support/http.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { demoKey, startService, type ServiceProcess } from '../support/service-process.ts';

describe('Backup while the service takes documents, and a service started on the restore (npm run cli -- backup / restore)', function () {
  this.timeout(120_000);
  const root = mkdtempSync(join(tmpdir(), 'einvoicing-backup-'));
  const dataDir = join(root, 'data');
  const restoredDir = join(root, 'restored');
  const folder = join(root, 'backup');
  const services: ServiceProcess[] = [];

  after(() => {
    for (const service of services) if (service.child.exitCode === null) service.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('given invoices posted all through the backup, then the copy is whole, and a service on its restore lists every document the copied log created, its trail intact', async () => {
    const service = await startService(dataDir, { SANDBOX_DELAY_MS: '5' });
    services.push(service);
    const { key } = demoKey(dataDir);
    let posting = true;
    let accepted = 0;
    const poster = (async () => {
      for (let n = 0; posting; n += 1) {
        const answer = await http(service.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key, body: sampleInvoice(), headers: { 'Idempotency-Key': `backup-${n}` } });
        expect(answer.status, answer.text).to.equal(202);
        accepted += 1;
      }
    })();
    await eventually(() => accepted >= 20, 20_000);

    const made = await runCli(dataDir, ['backup', folder, '--with-read-models', '--verify-trail', '--json']);
    const acceptedDuringBackup = accepted;
    posting = false;
    await poster;

    expect(made.code, made.stderr).to.equal(0);
    const manifest = JSON.parse(made.stdout);
    expect(manifest.events.count).to.equal(manifest.events.head_position);
    expect(manifest.trail).to.include({ problems: 0 });
    expect(manifest.files.map((file: { name: string }) => file.name)).to.deep.equal(['read-models.sqlite', 'events.sqlite']);
    expect(readdirSync(folder).sort()).to.deep.equal(['backup.json', 'events.sqlite', 'read-models.sqlite']);
    const copy = new Database(join(folder, 'events.sqlite'), { readonly: true });
    const created = (copy.prepare("SELECT count(*) AS n FROM events WHERE type = 'DocumentCreated'").get() as { n: number }).n;
    copy.close();
    expect(created, 'documents in the copy').to.be.at.least(20).and.at.most(acceptedDuringBackup + 1);

    service.child.kill('SIGTERM');
    expect(await service.exited).to.equal(0);

    const restored = await runCli(restoredDir, ['restore', folder]);
    expect(restored.code, restored.stderr).to.equal(0);
    expect(restored.stdout).to.contain(`restored into ${restoredDir}: ${manifest.events.count} events`);

    const again = await startService(restoredDir, { SANDBOX_DELAY_MS: '5' });
    services.push(again);
    let total = -1;
    await eventually(async () => {
      total = (await http(again.baseUrl, 'GET', '/v1/documents?limit=1', { key })).body.total;
      return total === created;
    }, 20_000).catch(() => expect(total, 'documents listed by the restored service').to.equal(created));
    again.child.kill('SIGTERM');
    expect(await again.exited).to.equal(0);

    const verified = await runCli(restoredDir, ['audit', 'verify']);
    expect(verified.code, verified.stderr).to.equal(0);
    expect(verified.stdout).to.match(/^trail intact: \d+ events in \d+ streams checked/);
  });

  it('given a DATA_DIR that has stores, a folder that is not empty, or events on KurrentDB, or read models on MongoDB for a restore, then the command refuses with exit code 2 saying why', async () => {
    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'events.sqlite'), '');
    const into = await runCli(occupied, ['restore', folder]);
    expect(into.code).to.equal(2);
    expect(into.stderr).to.match(/already holds events\.sqlite.*a restore goes into a DATA_DIR without stores/);

    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    const notEmpty = await runCli(occupied, ['backup', busy]);
    expect(notEmpty.code).to.equal(2);
    expect(notEmpty.stderr).to.contain(`${busy} is not empty (notes.txt): a backup goes into a new or empty folder`);

    const kurrent = await runCli(occupied, ['backup', join(root, 'elsewhere')], { EVENTSTORE_URL: 'kurrentdb://localhost:2113?tls=false' });
    expect(kurrent.code).to.equal(2);
    expect(kurrent.stderr).to.match(/the events are in KurrentDB \(EVENTSTORE_URL\); back them up with KurrentDB's own backup/);

    const mongo = await runCli(join(root, 'empty'), ['restore', folder], { MONGODB_URL: 'mongodb://localhost:27017/einvoicing' });
    expect(mongo.code).to.equal(2);
    expect(mongo.stderr).to.match(/restore: the read models are in MongoDB \(MONGODB_URL\), which this command cannot check is empty/);
    const mongoCopy = await runCli(occupied, ['backup', join(root, 'elsewhere'), '--with-read-models'], { MONGODB_URL: 'mongodb://localhost:27017/einvoicing' });
    expect(mongoCopy.code).to.equal(2);
    expect(mongoCopy.stderr).to.match(/backup --with-read-models: the read models are in MongoDB \(MONGODB_URL\); only the embedded log is copied here/);
  });
});
