import { expect } from 'chai';
import type { CreateDocument, DocumentCommand, SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import { initialDocumentState, type DocumentState } from '../../../domain/documents/document-state.ts';
import { evolveDocument } from '../../../domain/documents/evolve-document.ts';
import { salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { deciderSpec } from '../../support/decider-spec.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';

const NOW = new Date('2024-03-01T03:15:20.000Z'); // 2024-02-29 22:15:20 in Colombia
const LATER = new Date('2024-03-01T03:16:00.000Z');
const issuer = { nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor' };

function create(overrides: Partial<CreateDocument> = {}): CreateDocument {
  return {
    type: 'CreateDocument',
    family: salesInvoiceFamily,
    documentId: 'doc-1',
    tenantId: 'tenant-1',
    environment: 'test',
    transactionId: 'tx-1',
    idempotencyKey: 'key-1',
    requestHash: 'hash-1',
    issuer,
    body: sampleInvoice(),
    now: NOW,
    ...overrides,
  };
}

const validated: SubmissionOutcome = { kind: 'validated', number: 'SETP990000000', uniqueCode: 'cufe', validatedAt: LATER.toISOString(), warnings: [] };
const rejected: SubmissionOutcome = { kind: 'rejected', errors: [{ code: 'FAK24', message: 'no RUT' }] };

const spec = deciderSpec(documentDecider);

const start = { type: 'StartSubmission', leaseMs: 60_000, now: LATER } as const;
const outcome = (o: SubmissionOutcome) => ({ type: 'RecordOutcome', outcome: o, now: LATER }) as const;
const failure = { type: 'RecordFailure', reason: 'provider down', now: LATER } as const;
const cancel = { type: 'CancelDocument', now: LATER } as const;

describe('documentDecider', () => {
  describe('CreateDocument', () => {
    it('given no document, when created with a valid body, then DocumentCreated carries ids, issuer, normalized body, totals and the Colombian issue date', () => {
      const { events } = spec.given().when(create());
      expect(events).to.have.length(1);
      const [event] = events;
      expect(event.type).to.equal('DocumentCreated');
      if (event.type !== 'DocumentCreated') return;
      expect(event.data).to.include({
        documentId: 'doc-1',
        family: 'sales-invoice',
        tenantId: 'tenant-1',
        environment: 'test',
        transactionId: 'tx-1',
        idempotencyKey: 'key-1',
        requestHash: 'hash-1',
        issueDate: '2024-02-29',
        issueTime: '22:15:20-05:00',
        at: '2024-03-01T03:15:20.000Z',
      });
      expect(event.data.issuer).to.deep.equal(issuer);
      expect(event.data.totals).to.include({ line_extension_amount: '70000.00', tax_amount: '13300.00', payable_amount: '83300.00' });
      expect((event.data.body.customer as Record<string, unknown>).identification).to.equal('123456789');
    });

    it('given no document, when created, then the folded state is pending with the creation time', () => {
      const { state } = spec.given(create());
      expect(state).to.include({ status: 'pending', id: 'doc-1', tenantId: 'tenant-1', environment: 'test', createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
      expect(state.number).to.equal(null);
      expect(state.uniqueCode).to.equal(null);
    });

    it('given an existing document, when created again, then it is refused with already_exists', () => {
      const error = spec.given(create()).refused(create());
      expect(error.code).to.equal('already_exists');
    });

    it('given a body that breaks issuance rules, when created, then DocumentValidationError lists the issues', () => {
      const body = sampleInvoice();
      delete body.items;
      const error = spec.given().refused(create({ body }));
      expect(error).to.be.instanceOf(DocumentValidationError);
      expect(error.code).to.equal('validation_failed');
      const issues = (error as DocumentValidationError).issues;
      expect(issues.length).to.be.greaterThan(0);
      expect(issues.map((issue) => issue.field).join(' ')).to.contain('items');
    });

    it('is pure: the same command gives the same events', () => {
      expect(spec.given().when(create()).events).to.deep.equal(spec.given().when(create()).events);
    });
  });

  describe('StartSubmission', () => {
    it('given a pending document, when submission starts, then DocumentSubmissionStarted claims it for the lease and it is sent', () => {
      const pending = spec.given(create());
      const { state } = pending;
      const { events } = pending.when(start);
      const leaseUntil = new Date(LATER.getTime() + 60_000).toISOString();
      expect(events).to.deep.equal([{ type: 'DocumentSubmissionStarted', data: { documentId: 'doc-1', leaseUntil, at: LATER.toISOString() } }]);
      expect(events.reduce(evolveDocument, state)).to.include({ status: 'sent', nextAttemptAt: leaseUntil, updatedAt: LATER.toISOString() });
    });

    it('given a first attempt recorded before claims had a lease, then its next attempt is due at once', () => {
      const state = evolveDocument(spec.given(create()).state, { type: 'DocumentSubmissionStarted', data: { documentId: 'doc-1', at: LATER.toISOString() } });
      expect(state).to.include({ status: 'sent', nextAttemptAt: LATER.toISOString() });
    });

    for (const [label, state] of [
      ['sent', () => spec.given(create(), start)],
      ['validated', () => spec.given(create(), start, outcome(validated))],
      ['cancelled', () => spec.given(create(), cancel)],
      ['none', () => spec.given()],
    ] as const) {
      it(`given a ${label} document, when submission starts, then nothing happens`, () => {
        expect(state().when(start).events).to.deep.equal([]);
      });
    }
  });

  describe('RecordOutcome', () => {
    it('given a sent document, when validated, then number, unique code and warnings are recorded', () => {
      const warned: SubmissionOutcome = { ...validated, warnings: [{ code: 'RUT01', message: 'name differs' }] };
      const { state } = spec.given(create(), start, outcome(warned));
      expect(state).to.include({ status: 'validated', number: 'SETP990000000', uniqueCode: 'cufe', validatedAt: LATER.toISOString() });
      expect(state.warnings).to.deep.equal([{ code: 'RUT01', message: 'name differs' }]);
    });

    it('given a sent document, when rejected, then the errors are recorded', () => {
      const { state } = spec.given(create(), start, outcome(rejected));
      expect(state.status).to.equal('rejected');
      expect(state.errors).to.deep.equal([{ code: 'FAK24', message: 'no RUT' }]);
    });

    it('given a validated document, when a second outcome arrives, then it is ignored (one outcome only)', () => {
      const validatedDocument = spec.given(create(), start, outcome(validated));
      expect(validatedDocument.when(outcome(rejected)).events).to.deep.equal([]);
      expect(validatedDocument.when(outcome(validated)).events).to.deep.equal([]);
    });

    it('given a cancelled document, when a late validation arrives, then it is dropped', () => {
      expect(spec.given(create(), start, cancel).when(outcome(validated)).events).to.deep.equal([]);
    });
  });

  describe('RecordFailure', () => {
    it('given a sent document, when the submission fails, then status failed with the reason', () => {
      const { state } = spec.given(create(), start, failure);
      expect(state).to.include({ status: 'failed', failureReason: 'provider down' });
    });

    it('given a validated document, when a failure arrives, then nothing happens', () => {
      expect(spec.given(create(), start, outcome(validated)).when(failure).events).to.deep.equal([]);
    });
  });

  describe('CancelDocument', () => {
    for (const [label, steps] of [
      ['pending', [create()]],
      ['sent', [create(), start]],
      ['rejected', [create(), start, outcome(rejected)]],
      ['failed', [create(), start, failure]],
    ] as Array<[string, DocumentCommand[]]>) {
      it(`given a ${label} document, when cancelled, then DocumentCancelled and status cancelled`, () => {
        const document = spec.given(...steps);
        const { state } = document;
        const { events } = document.when(cancel);
        expect(events).to.deep.equal([{ type: 'DocumentCancelled', data: { documentId: 'doc-1', at: LATER.toISOString() } }]);
        expect(events.reduce(evolveDocument, state).status).to.equal('cancelled');
      });
    }

    it('given a cancelled document, when cancelled again, then nothing happens (idempotent)', () => {
      expect(spec.given(create(), cancel).when(cancel).events).to.deep.equal([]);
    });

    it('given a validated document, when cancelled, then it is refused with document_validated', () => {
      const error = spec.given(create(), start, outcome(validated)).refused(cancel);
      expect(error.code).to.equal('document_validated');
      expect(error.details).to.deep.equal({ status: 'validated' });
    });

    it('given a voided document, when cancelled, then it is refused with document_validated', () => {
      const voided: DocumentState = { ...spec.given(create(), start, outcome(validated)).state, status: 'voided' };
      expect(spec.givenState(voided).refused(cancel).code).to.equal('document_validated');
    });

    it('given no document, when cancelled, then it is refused with not_found (no event for a document that does not exist)', () => {
      expect(spec.given().refused(cancel).code).to.equal('not_found');
    });
  });

  describe('evolveDocument', () => {
    it('given a created document, when DocumentCreated is folded again, then the state starts over from that event', () => {
      const created = spec.given().when(create()).events;
      const { state } = spec.given(create(), start, outcome(validated));
      expect(created.reduce(evolveDocument, state)).to.deep.equal(created.reduce(evolveDocument, initialDocumentState()));
    });
  });
});
