import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { adjustmentNoteBody, noteBody, supportDocumentBody } from '../../support/family-test-helpers.ts';
import { validPayrollBody } from '../../domain/payroll/valid-payroll-body.ts';
import { demoKey } from '../../support/service-process.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { Cluster, waitUntil } from './cluster.ts';

export interface Deployment {
  /** The store settings of the run: server URLs and a fresh namespace, or nothing (the embedded stores). */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

const DEMO_NIT = '900123456';

/**
 * Two service processes over one set of stores, as in production: every family issued to `validated`, a reception
 * listed for the company it was issued to, a rebuild of the documents projection by the CLI while they serve, and
 * the work shared (each projection, process manager and scheduler in exactly one of them).
 */
export function endToEndSuite(name: string, deploy: () => Promise<Deployment>): void {
  describe(`End to end, two instances: ${name}`, function () {
    this.timeout(300_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'einvoicing-e2e-'));
    let deployment: Deployment;
    let cluster: Cluster;
    let turn = 0;
    const call = (method: string, path: string, body?: unknown) =>
      cluster.request(turn++, method, path, body === undefined ? {} : { body, headers: { 'Idempotency-Key': `e2e-${turn}-${Date.now()}` } });

    /** POSTs, then reads it back (from either instance) until it is final; answers the validated record. */
    async function validated(base: string, body: unknown): Promise<Record<string, any>> {
      const accepted = await call('POST', base, body);
      expect(accepted.status, `${base}: ${accepted.text}`).to.equal(202);
      let record: Record<string, any> = {};
      await waitUntil(
        async () => {
          record = (await call('GET', `${base}/${accepted.body.id}`)).body;
          return !['pending', 'sent'].includes(record.status);
        },
        60_000,
        `${base} ${accepted.body.id} to be final`,
      );
      expect(record.status, JSON.stringify(record)).to.equal('validated');
      return record;
    }

    before(async () => {
      deployment = await deploy();
      cluster = await Cluster.start(2, dataDir, { SANDBOX_DELAY_MS: '10', ...deployment.env });
      await cluster.spread();
    });

    after(async () => {
      await cluster?.stop();
      await deployment?.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('given one document of every family, each referring to the one it adjusts, then every one reaches validated', async () => {
      const invoice = await validated('/invoices/v1/sales-invoices', sampleInvoice());
      await validated('/invoices/v1/credit-notes', noteBody({ concept: '1', bill_number: invoice.number }));
      await validated('/invoices/v1/debit-notes', noteBody({ concept: '1', bill_number: invoice.number }));
      const support = await validated('/invoices/v1/support-documents', supportDocumentBody());
      await validated('/invoices/v1/adjustment-notes', adjustmentNoteBody(support.number));
      const payroll = await validated('/payrolls/v1/payrolls', validPayrollBody());
      await validated('/payrolls/v1/adjustment-payrolls', { payroll_number: payroll.number, observation: 'Nómina emitida por error' });
    });

    it('given an invoice issued to the company itself, then it is listed among its received documents', async () => {
      const invoice = await validated('/invoices/v1/sales-invoices', sampleInvoice({ identification: DEMO_NIT }));
      await waitUntil(
        async () => (await call('GET', `/receptions/v1/received-documents?number=${invoice.number}`)).body.data?.length === 1,
        30_000,
        'the reception to be listed',
      );
    });

    it('given the documents projection rebuilt by the CLI while both instances serve, then the new version is active and lists every document', async () => {
      const before = (await call('GET', '/invoices/v1/sales-invoices?per_page=1')).body.pagination.total;
      const cli = (args: string[]) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'infrastructure/cli/main.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...deployment.env },
          timeout: 120_000,
        });
      const rebuilt = await cli(['projections', 'rebuild', 'documents']);
      expect(rebuilt.stdout).to.match(/documents v2 is active/);
      const statuses = JSON.parse((await cli(['projections', 'status', '--json'])).stdout) as Array<{ name: string; activeVersion: number }>;
      expect(statuses.find((status) => status.name === 'documents')).to.include({ activeVersion: 2 });
      await waitUntil(
        async () => (await call('GET', '/invoices/v1/sales-invoices?per_page=1')).body.pagination.total === before,
        30_000,
        'lists to read the rebuilt version',
      );
    });

    it('then each projection, process manager and scheduler runs in exactly one of the two instances', async () => {
      const holders = await cluster.holders();
      expect(holders.size).to.be.greaterThan(8);
      for (const [work, running] of holders) expect(running, work).to.have.length(1);
      expect(new Set([...holders.values()].flat()).size, 'both instances hold work').to.equal(2);
      expect(demoKey(dataDir).key).to.match(/^fe_test_/);
    });
  });
}
