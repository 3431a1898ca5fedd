import Database from 'better-sqlite3';
import { expect } from 'chai';
import { join } from 'node:path';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../../application/documents/document-row.ts';
import { ProjectionRebuild } from '../../../application/rebuilds/projection-rebuild.ts';
import { createLogger } from '../../../infrastructure/logging/logger.ts';
import { projectionStatus } from '../../../application/rebuilds/projection-status.ts';
import { PROJECTIONS } from '../../../projections/projection-catalog.ts';
import { documentsProjection } from '../../../projections/documents/documents-projection-definition.ts';
import { messagesProjection } from '../../../projections/messages/messages-projection-definition.ts';
import { eventually } from '../../support/fixtures.ts';
import { http } from '../../support/http.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const BASE = '/invoices/v1/sales-invoices';

async function finished(app: TestApp, name: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    const job = app.container.rebuildJobs.job(name);
    if (job?.finishedAt) {
      expect(job.error).to.equal(null);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the rebuild of ${name} did not finish`);
}

/** A new company with `count` invoices issued, every projection caught up with them. */
async function withInvoices(app: TestApp, count: number): Promise<TestTenant> {
  const tenant = await app.createTenant();
  for (let i = 0; i < count; i += 1) {
    const issued = await http(app.baseUrl, 'POST', BASE, { key: tenant.key, body: sampleInvoice(), headers: { 'Idempotency-Key': `revisions-${i}-key` } });
    expect(issued.status).to.equal(202);
  }
  await app.settle();
  return tenant;
}

describe('Projections an older revision of their definition wrote', function () {
  this.timeout(60_000);

  it('given a new deployment (an empty log), then no projection is outdated and each is recorded as written by its current revision', async () => {
    const app = await startTestApp({}, { workers: false });
    try {
      expect(await app.container.rebuildJobs.startOutdated(PROJECTIONS, new Date())).to.deep.equal([]);
      const versions = app.container.projectionVersions;
      expect(await versions.revision('messages')).to.equal(messagesProjection.revision);
      expect(await versions.revision('documents')).to.equal(1);
      expect(PROJECTIONS.some((definition) => app.container.rebuildJobs.running(definition.name))).to.equal(false);
    } finally {
      await app.close();
    }
  });

  it('given rows written before revisions were recorded, when the definition is at revision 2, then it is rebuilt in the background once, and the rows stay readable', async () => {
    const app = await startTestApp();
    try {
      const tenant = await withInvoices(app, 20);
      const versions = app.container.projectionVersions;
      expect(await versions.revision('documents')).to.equal(undefined);
      const revised = { ...documentsProjection, revision: 2 };
      const status = () => projectionStatus(revised, app.container.eventStore, app.container.readModels, versions);
      expect(await status()).to.include({ rowsRevision: 1, definitionRevision: 2 });

      const outdated = await app.container.rebuildJobs.startOutdated([revised], new Date());
      expect(outdated.map(({ definition, built, current }) => ({ name: definition.name, built, current }))).to.deep.equal([{ name: 'documents', built: 1, current: 2 }]);
      expect(app.container.rebuildJobs.running('documents')).to.equal(true);
      await finished(app, 'documents');

      expect(await versions.active('documents')).to.equal(2);
      expect(await versions.revision('documents')).to.equal(2);
      expect(await status()).to.include({ activeVersion: 2, rowsRevision: 2, definitionRevision: 2 });
      const listed = await http(app.baseUrl, 'GET', `${BASE}?per_page=50`, { key: tenant.key });
      expect(listed.status).to.equal(200);
      expect(listed.body.data).to.have.length(20);
      // Up to date now: started again (a restart), nothing is rebuilt.
      expect(await app.container.rebuildJobs.startOutdated([revised], new Date())).to.deep.equal([]);
      expect(await app.container.rebuildJobs.startOutdated([documentsProjection], new Date())).to.deep.equal([]);
      expect(app.container.rebuildJobs.running('documents')).to.equal(false);
      const rows = await app.container.readModels.collection<DocumentRow>({ ...DOCUMENTS_COLLECTION, name: 'documents_v2' }).find({ tenantId: tenant.tenantId, environment: 'test', orderBy: [] });
      expect(rows).to.have.length(20);
    } finally {
      await app.close();
    }
  });

  it('given a rebuild interrupted midway, then the same revision resumes its version, and a newer revision abandons it and builds the next one', async () => {
    const app = await startTestApp();
    try {
      const tenant = await withInvoices(app, 5);
      const { eventStore, readModels, projectionVersions: versions } = app.container;
      const rebuild = new ProjectionRebuild(eventStore, readModels, versions, createLogger('silent'));
      const tables = () => {
        const db = new Database(join(app.config.dataDir, 'read-models.sqlite'), { readonly: true });
        try {
          return db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_documents%' AND name NOT LIKE '%__tally_%'").all().map((t) => t.name).sort();
        } finally {
          db.close();
        }
      };

      expect((await rebuild.run(documentsProjection, { signal: AbortSignal.abort() })).phase).to.equal('interrupted');
      expect(await versions.building('documents')).to.equal(2);
      expect((await rebuild.run(documentsProjection, { signal: AbortSignal.abort() })).version).to.equal(2);
      // Another connection sees the new table once its transaction's window has closed.
      await eventually(() => tables().length === 2);
      expect(tables()).to.deep.equal(['rm_documents', 'rm_documents_v2']);

      const done = await rebuild.run({ ...documentsProjection, revision: 2 }, { graceMs: 0 });
      expect(done).to.include({ phase: 'done', version: 3 });
      expect(await versions.active('documents')).to.equal(3);
      expect(await versions.revision('documents')).to.equal(2);
      expect(await versions.building('documents')).to.equal(undefined);
      await eventually(() => tables().length === 1);
      expect(tables()).to.deep.equal(['rm_documents_v3']);
      const rows = await readModels.collection<DocumentRow>({ ...DOCUMENTS_COLLECTION, name: 'documents_v3' }).find({ tenantId: tenant.tenantId, environment: 'test', orderBy: [] });
      expect(rows).to.have.length(5);
    } finally {
      await app.close();
    }
  });
});
