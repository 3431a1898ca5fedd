import { expect } from 'chai';
import { IssueDocument } from '../../../application/documents/issue-document.ts';
import { NumberIndex } from '../../../application/documents/number-index.ts';
import { ReferenceResolver } from '../../../application/documents/reference-resolver.ts';
import { VoidClaims } from '../../../application/documents/void-claims.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import { creditNoteFamily, documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { validNoteBody } from '../../domain/notes/valid-note-body.ts';
import { contextFor, FixedClock, invoiceFor, openTempStores, SequentialIds, validatedOutcome, type TempStores } from '../../support/fixtures.ts';

describe('IssueDocument: a document that names another', () => {
  let stores: TempStores;
  let aggregates: AggregateStore;
  let issue: IssueDocument;
  let context: ReturnType<typeof contextFor>;
  let invoiceStream: string;
  const clock = new FixedClock('2024-03-01T15:30:00.000Z');

  beforeEach(async () => {
    stores = openTempStores();
    aggregates = new AggregateStore(stores.events);
    const ids = new SequentialIds();
    const tenantId = (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759-7', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
    context = contextFor(tenantId);
    const numbers = new NumberIndex(stores.events);
    issue = new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids, new ReferenceResolver(numbers, aggregates), new VoidClaims(aggregates, clock));
    const invoice = await issue.execute({ family: salesInvoiceFamily, idempotencyKey: 'invoice', body: invoiceFor('900825759'), context });
    invoiceStream = documentStreamId(salesInvoiceFamily, invoice.document.id);
    await aggregates.handle(invoiceStream, documentDecider, { type: 'StartSubmission', leaseMs: 60_000, now: clock.now() }, context);
    await aggregates.handle(invoiceStream, documentDecider, { type: 'RecordOutcome', outcome: validatedOutcome('SETP990000001'), now: clock.now() }, context);
    await numbers.record(context, 'sales-invoice', 'SETP990000001', invoice.document.id);
  });

  afterEach(() => stores.dispose());

  const invoiceEvents = async () => (await stores.events.readStream(invoiceStream)).map((event) => event.type);

  it('given an annulment that breaks a rule, when issued, then the rule is reported and the invoice is not claimed', async () => {
    const { customer: _omitted, ...body } = validNoteBody('2');
    const error = await issue.execute({ family: creditNoteFamily, idempotencyKey: 'bad-annulment', body, context }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(DocumentValidationError);
    expect((error as DocumentValidationError).issues).to.deep.equal([{ field: 'customer', message: 'is required' }]);
    expect(await invoiceEvents()).to.not.include('DocumentVoidClaimed');
  });

  it('given an annulment of an unknown invoice that also breaks a rule, then one error lists the rule, then the reference', async () => {
    const { customer: _omitted, ...body } = { ...validNoteBody('2'), bill_number: 'SETP990000009' };
    const error = await issue.execute({ family: creditNoteFamily, idempotencyKey: 'unknown', body, context }).then(() => null, (e: unknown) => e);
    expect((error as DocumentValidationError).issues).to.deep.equal([
      { field: 'customer', message: 'is required' },
      { field: 'bill_number', message: 'no validated sales invoice with number SETP990000009 in this company and environment' },
    ]);
  });

  it('given a valid annulment, when issued, then the invoice is claimed and the note records the invoice it names', async () => {
    const result = await issue.execute({ family: creditNoteFamily, idempotencyKey: 'annulment', body: validNoteBody('2'), context });
    expect(result.created).to.equal(true);
    expect(result.document.reference).to.deep.include({ family: 'sales-invoice', number: 'SETP990000001', uniqueCode: 'cufe-of-SETP990000001' });
    expect(await invoiceEvents()).to.include('DocumentVoidClaimed');
  });
});
