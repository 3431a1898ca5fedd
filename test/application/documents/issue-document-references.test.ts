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

  // A missing customer no longer breaks a rule on a note that names its invoice (issue 14 item 5): the rule
  // broken here is the observation's length.
  it('given an annulment that breaks a rule, when issued, then the rule is reported and the invoice is not claimed', async () => {
    const body = { ...validNoteBody('2'), observation: 'x'.repeat(251) };
    const error = await issue.execute({ family: creditNoteFamily, idempotencyKey: 'bad-annulment', body, context }).then(() => null, (e: unknown) => e);
    expect(error).to.be.instanceOf(DocumentValidationError);
    expect((error as DocumentValidationError).issues).to.deep.equal([{ field: 'observation', message: 'has 251 characters; at most 250 are allowed' }]);
    expect(await invoiceEvents()).to.not.include('DocumentVoidClaimed');
  });

  it('given a note naming the invoice and no customer, when issued, then it records the invoice\'s customer', async () => {
    const { customer: _omitted, ...body } = validNoteBody('1');
    const result = await issue.execute({ family: creditNoteFamily, idempotencyKey: 'no-customer', body, context });
    const invoiceCustomer = (await aggregates.load(invoiceStream, documentDecider)).state.body.customer as Record<string, unknown>;
    expect(invoiceCustomer.identification).to.equal('900825759');
    expect(result.document.body.customer).to.deep.equal(invoiceCustomer);
    expect(result.document.reference).to.not.have.property('party');
  });

  it('given a note naming the invoice and its own customer, when issued, then it keeps its own', async () => {
    const body = { ...validNoteBody('1'), customer: invoiceFor('123456789').customer };
    const result = await issue.execute({ family: creditNoteFamily, idempotencyKey: 'own-customer', body, context });
    expect((result.document.body.customer as Record<string, unknown>).identification).to.equal('123456789');
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
