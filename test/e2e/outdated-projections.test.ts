import Database from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messagesProjection } from '../../projections/messages/messages-projection-definition.ts';
import { http } from '../support/http.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { demoKey, startService, type ServiceProcess } from '../support/service-process.ts';

/** The projection settings the service keeps in its read-model file (name → value). */
function projectionSettings(dataDir: string): Record<string, string> {
  const db = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true });
  try {
    const rows = db.prepare<[], { key: string; value: string }>("SELECT key, value FROM settings WHERE key LIKE 'projection:%'").all();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  } finally {
    db.close();
  }
}

describe('Service start with projections an older revision wrote', function () {
  this.timeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-revisions-'));
  let service: ServiceProcess | undefined;

  after(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a new deployment, then each projection is recorded as written by its current revision, and nothing is rebuilt', async () => {
    service = await startService(dataDir, { SANDBOX_DELAY_MS: '5' });
    const { key } = demoKey(dataDir);
    const posted = await http(service.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key, body: sampleInvoice(), headers: { 'Idempotency-Key': 'revisions-key-1' } });
    expect(posted.status).to.equal(202);
    service.child.kill('SIGTERM');
    expect(await service.exited).to.equal(0);
    const settings = projectionSettings(dataDir);
    expect(settings['projection:messages:revision']).to.equal(String(messagesProjection.revision));
    expect(settings['projection:documents:revision']).to.equal('1');
    expect(settings['projection:messages:active']).to.equal(undefined);
  });

  it('given rows written before revisions were recorded, when the service starts, then the messages projection (revision 2) is rebuilt in the background and the others are left alone', async () => {
    const db = new Database(join(dataDir, 'read-models.sqlite'));
    db.prepare("DELETE FROM settings WHERE key LIKE 'projection:%:revision'").run();
    db.close();

    service = await startService(dataDir, { SANDBOX_DELAY_MS: '5' });
    let settings = projectionSettings(dataDir);
    for (let i = 0; i < 300 && settings['projection:messages:revision'] !== '2'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      settings = projectionSettings(dataDir);
    }
    expect(settings['projection:messages:active']).to.equal('2');
    expect(settings['projection:messages:revision']).to.equal('2');
    expect(settings['projection:documents:active']).to.equal(undefined);
    expect(service.output()).to.contain('rebuilding it in the background');
    const { key } = demoKey(dataDir);
    expect((await http(service.baseUrl, 'GET', '/invoices/v1/sales-invoices', { key })).body.data).to.have.length(1);
    service.child.kill('SIGTERM');
    expect(await service.exited).to.equal(0);
  });
});
