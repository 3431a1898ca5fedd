import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectionThreadLimits } from '../../infrastructure/runtime/projection-heap.ts';
import { startDianDouble } from '../support/dian-double/dian-double.ts';
import { eventually } from '../support/fixtures.ts';
import { http } from '../support/http.ts';
import { sampleInvoice } from '../support/sample-invoice.ts';
import { demoKey, startService, type ServiceProcess } from '../support/service-process.ts';

describe('Service with its workers in a worker thread (the default)', function () {
  this.timeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-thread-'));
  let service: ServiceProcess;

  after(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Posts the sample invoice and waits (up to about 6 s) until it is validated; its id. */
  async function postValidated(key: string, idempotencyKey: string): Promise<string> {
    const posted = await http(service.baseUrl, 'POST', '/invoices/v1/sales-invoices', { key, body: sampleInvoice(), headers: { 'Idempotency-Key': idempotencyKey } });
    expect(posted.status).to.equal(202);
    let status = '';
    for (let i = 0; i < 300 && status !== 'validated'; i += 1) {
      status = (await http(service.baseUrl, 'GET', `/invoices/v1/sales-invoices/${posted.body.id}`, { key })).body.status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).to.equal('validated');
    return posted.body.id;
  }

  it('given an invoice posted to the API thread, then the workers thread validates it, and readiness and metrics come from both threads', async () => {
    service = await startService(dataDir, { SANDBOX_DELAY_MS: '5' });
    expect(service.output()).to.contain('"workers":"thread"');
    // The thread that catches the projections up runs with the bigger young generation (see projection-heap.ts).
    expect(service.output()).to.contain(`"youngGenerationMb":${projectionThreadLimits.maxYoungGenerationSizeMb}`);
    const { key } = demoKey(dataDir);
    await postValidated(key, 'thread-key-1');
    // The demo company of a fresh start has a complete profile with a logo, so the quick start shows a full XML and PDF.
    const me = await http(service.baseUrl, 'GET', '/v1/me', { key });
    expect(me.body.company.profile_missing).to.deep.equal([]);
    expect(me.body.company.profile.logo).to.include({ content_type: 'image/png', width: 96, height: 32 });

    const ready = await http(service.baseUrl, 'GET', '/health/ready');
    expect(ready.status).to.equal(200);
    expect(ready.body.subscriptions.map((s: { name: string }) => s.name)).to.include.members(['documents', 'submission', 'voiding']);

    const metrics = (await http(service.baseUrl, 'GET', '/metrics')).text;
    expect(metrics).to.match(/provider_calls_total\{provider="sandbox",operation="submit",outcome="validated"\} 1/);
    expect(metrics).to.match(/http_requests_total\{method="POST",route="\/invoices\/v1\/sales-invoices",status="202"\} 1/);
    // Each thread's CPU time, so an operator can tell which one is saturated (Linux /proc).
    for (const thread of ['main', 'workers', 'wal-checkpoint']) {
      const seconds = metrics.match(new RegExp(`process_thread_cpu_seconds_total\\{thread="${thread}"\\} (\\S+)`))?.[1];
      expect(Number(seconds), thread).to.be.at.least(0);
    }
    expect(Number(metrics.match(/process_thread_cpu_seconds_total\{thread="workers"\} (\S+)/)?.[1])).to.be.greaterThan(0);
    // And each JavaScript thread's own garbage-collection pauses, from when it started counting. Whether a thread has
    // collected yet depends on the moment, so requests that allocate (the OpenAPI document) follow until one has.
    const minorPauses = (text: string) =>
      Math.max(...['main', 'workers'].map((thread) => Number(text.match(new RegExp(`process_thread_gc_seconds_total\\{thread="${thread}",kind="minor"\\} (\\S+)`))?.[1] ?? 0)));
    const pausedNow = async () => minorPauses((await http(service.baseUrl, 'GET', '/metrics')).text);
    await eventually(async () => (await pausedNow()) > 0 || (await Promise.all(Array.from({ length: 10 }, () => http(service.baseUrl, 'GET', '/openapi.json'))), false), 15_000);
    expect(await pausedNow()).to.be.greaterThan(0);

    service.child.kill('SIGTERM');
    expect(await service.exited).to.equal(0);
  });

  it('given a file rendered by each thread, then both went to the same render threads: the process has RENDER_THREADS of them', async () => {
    // DIAN direct: the workers thread renders and signs the XML it sends (to the DIAN double); the API thread a download.
    const double = await startDianDouble();
    const dianDataDir = mkdtempSync(join(tmpdir(), 'einvoicing-thread-dian-'));
    try {
      service = await startService(dianDataDir, { PROVIDER: 'dian', DIAN_URL: double.url, RENDER_THREADS: '1' });
      const { key } = demoKey(dianDataDir);
      const id = await postValidated(key, 'thread-dian-1');
      expect(double.failedChecks()).to.deep.equal([]);
      expect((await http(service.baseUrl, 'GET', `/invoices/v1/sales-invoices/${id}/zip`, { key })).status).to.equal(200);

      const metrics = (await http(service.baseUrl, 'GET', '/metrics')).text;
      expect(metrics).to.match(/document_renders_total\{format="xml",where="render-thread"\} 1\n/);
      expect(metrics).to.match(/document_renders_total\{format="zip",where="render-thread"\} 1\n/);
      expect(metrics).to.match(/document_render_duration_seconds_count\{format="zip",where="render-thread"\} 1\n/);
      expect(metrics).to.match(/document_render_threads\{state="started"\} 1\n/);
      expect(metrics).to.match(/document_render_threads\{state="queued"\} 0\n/);

      service.child.kill('SIGTERM');
      expect(await service.exited).to.equal(0);
    } finally {
      if (service?.child.exitCode === null) service.child.kill('SIGKILL');
      await double.close();
      rmSync(dianDataDir, { recursive: true, force: true });
    }
  });
});
