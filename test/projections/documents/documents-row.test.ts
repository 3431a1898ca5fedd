import { expect } from 'chai';
import { DOCUMENTS_COLLECTION, type DocumentRow } from '../../../application/documents/document-row.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { CreateDraft } from '../../../application/invoice-management/create-draft.ts';
import { FinalizeInvoice } from '../../../application/invoice-management/finalize-invoice.ts';
import { VISIBILITY_COLLECTION, VisibilityWatermarks, type VisibilitySample } from '../../../application/invoice-management/visibility-watermarks.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { DocumentsProjection } from '../../../projections/documents/documents-projection.ts';
import { contextFor, FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';

const sequence = (position: bigint) => position.toString().padStart(20, '0');

describe('Integrations: what the documents projection keeps for the keyset and updated_since', () => {
  let stores: TempStores;

  beforeEach(() => {
    stores = openTempStores();
  });
  afterEach(() => stores.dispose());

  it('given a draft finalized, then the row carries the position of its last event and the face status; samples say what was visible when', async () => {
    const clock = new FixedClock('2026-01-31T14:00:00.000Z');
    const aggregates = new AggregateStore(stores.events);
    const tenantId = (await new RegisterTenant(aggregates, clock, new SequentialIds()).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    const context = contextFor(tenantId);
    const draft = await new CreateDraft(aggregates, new TenantDirectory(aggregates), clock).execute('key-00001', sampleInvoice(), context);
    await new FinalizeInvoice(aggregates, clock).execute(draft.id, context, () => []);
    const rows = stores.readModels.collection<DocumentRow>(DOCUMENTS_COLLECTION);
    const watermarks = new VisibilityWatermarks(stores.readModels.collection<VisibilitySample>(VISIBILITY_COLLECTION));
    const projectionClock = new FixedClock('2026-01-31T14:00:05.000Z');
    const projection = new DocumentsProjection(rows, watermarks, projectionClock);
    const [drafted, finalized] = await stores.events.readStream(`salesInvoice-${draft.id}`);

    await projection.handle(drafted);
    const asDraft = await rows.get({ ...context, id: draft.id });
    projectionClock.advance(1_500);
    await projection.handle(finalized);
    const asIssued = await rows.get({ ...context, id: draft.id });

    expect(asDraft).to.include({ integrationStatus: 'draft', changeSequence: sequence(drafted.position), createdAt: '' });
    expect(asIssued).to.include({ integrationStatus: 'issued', changeSequence: sequence(finalized.position) });
    expect(await watermarks.visibleAt(new Date('2026-01-31T14:00:04.999Z'))).to.equal('');
    expect(await watermarks.visibleAt(new Date('2026-01-31T14:00:05.000Z'))).to.equal(sequence(drafted.position));
    expect(await watermarks.visibleAt(new Date('2026-01-31T14:00:06.400Z'))).to.equal(sequence(drafted.position));
    expect(await watermarks.visibleAt(new Date('2026-01-31T14:00:06.500Z'))).to.equal(sequence(finalized.position));
    await projection.handle(drafted);
    expect(await rows.get({ ...context, id: draft.id }), 'a replay changes nothing').to.deep.equal(asIssued);
  });

  it('given a projection without watermarks (a rebuild building a new version), then the rows are the same and nothing is sampled', async () => {
    const aggregates = new AggregateStore(stores.events);
    const clock = new FixedClock();
    const tenantId = (await new RegisterTenant(aggregates, clock, new SequentialIds()).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    const draft = await new CreateDraft(aggregates, new TenantDirectory(aggregates), clock).execute('key-00002', sampleInvoice(), contextFor(tenantId));
    const live = stores.readModels.collection<DocumentRow>({ ...DOCUMENTS_COLLECTION, name: 'documents_live' });
    const rebuilt = stores.readModels.collection<DocumentRow>({ ...DOCUMENTS_COLLECTION, name: 'documents_rebuilt' });
    const samples = stores.readModels.collection<VisibilitySample>(VISIBILITY_COLLECTION);
    const [drafted] = await stores.events.readStream(`salesInvoice-${draft.id}`);

    const sampledAt = clock.now().toISOString();
    await new DocumentsProjection(live, new VisibilityWatermarks(samples), clock).handle(drafted);
    clock.advance(5_000);
    await new DocumentsProjection(rebuilt).handle(drafted);

    const key = { ...contextFor(tenantId), id: draft.id };
    expect(await rebuilt.get(key)).to.deep.equal(await live.get(key));
    const sampled = await samples.find({ tenantId: '_documents', environment: '_', orderBy: [['at', 'asc']] });
    expect(sampled.map((sample) => sample.at), 'one sample per ring (second, minute, day), all from the live projection').to.deep.equal([sampledAt, sampledAt, sampledAt]);
  });
});
