import { expect } from 'chai';
import { IssueDocument } from '../../../application/documents/issue-document.ts';
import { VoidClaims } from '../../../application/documents/void-claims.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import type { ResolvedReference } from '../../../domain/documents/document-family.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { contextFor, FixedClock, invoiceFor, openTempStores, SequentialIds, validatedOutcome, type TempStores } from '../../support/fixtures.ts';

describe('VoidClaims', () => {
  let stores: TempStores;
  let aggregates: AggregateStore;
  let clock: FixedClock;
  let claims: VoidClaims;
  let target: ResolvedReference;
  let tenantId: string;

  beforeEach(async () => {
    stores = openTempStores();
    aggregates = new AggregateStore(stores.events);
    clock = new FixedClock('2026-03-01T15:00:00.000Z');
    const ids = new SequentialIds();
    tenantId = (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    const issue = new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids);
    const { document } = await issue.execute({ family: salesInvoiceFamily, idempotencyKey: 'invoice-1', body: invoiceFor(), context: contextFor(tenantId) });
    const streamId = documentStreamId(salesInvoiceFamily, document.id);
    await aggregates.handle(streamId, documentDecider, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() }, contextFor(tenantId));
    await aggregates.handle(streamId, documentDecider, { type: 'RecordOutcome', outcome: validatedOutcome('SETP990000001'), now: clock.now() }, contextFor(tenantId));
    target = { family: 'sales-invoice', documentId: document.id, number: 'SETP990000001', uniqueCode: 'cufe-of-SETP990000001', issueDate: '2026-03-01' };
    claims = new VoidClaims(aggregates, clock);
  });
  afterEach(() => stores.dispose());

  const claimBy = (documentId: string) => claims.claim({ family: salesInvoiceFamily, documentId }, target, 'reference', contextFor(tenantId));

  it('given a claim whose claimant is not written yet, then a second claimant is refused: its creation may be on its way', async () => {
    expect(await claimBy('note-1')).to.equal(null);
    clock.advance(59_000);
    const refused = await claimBy('note-2');
    expect(refused?.message).to.contain('is already voiding this document');
  });

  it('given a claim whose claimant was still not written a minute later, then it is taken for one left by a crash and replaced', async () => {
    expect(await claimBy('note-1')).to.equal(null);
    clock.advance(60_000);
    expect(await claimBy('note-2')).to.equal(null);
    const { state } = await aggregates.load(documentStreamId(salesInvoiceFamily, target.documentId), documentDecider);
    expect(state.voidClaim?.documentId).to.equal('note-2');
  });
});
