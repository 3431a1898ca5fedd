import { expect } from 'chai';
import type { CreateDocument, DocumentCommand, SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import type { DocumentEvent } from '../../../domain/documents/document-events.ts';
import { initialDocumentState, type DocumentState } from '../../../domain/documents/document-state.ts';
import { evolveDocument } from '../../../domain/documents/evolve-document.ts';
import { salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { DomainError } from '../../../domain/shared/domain-error.ts';
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

/** given: the events so far; when: a command; then: the new events (or the error). */
function given(...commands: DocumentCommand[]): DocumentState {
  return commands.reduce((state, command) => documentDecider.decide(command, state).reduce(evolveDocument, state), documentDecider.initialState());
}

function when(state: DocumentState, command: DocumentCommand): DocumentEvent[] {
  return documentDecider.decide(command, state);
}

function refused(state: DocumentState, command: DocumentCommand): DomainError {
  try {
    documentDecider.decide(command, state);
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  expect.fail(`${command.type} was accepted`);
}

const start = { type: 'StartSubmission', leaseMs: 60_000, now: LATER } as const;
const outcome = (o: SubmissionOutcome) => ({ type: 'RecordOutcome', outcome: o, now: LATER }) as const;
const failure = { type: 'RecordFailure', reason: 'provider down', now: LATER } as const;
const cancel = { type: 'CancelDocument', now: LATER } as const;

describe('documentDecider', () => {
  describe('CreateDocument', () => {
    it('given no document, when created with a valid body, then DocumentCreated carries ids, issuer, normalized body, totals and the Colombian issue date', () => {
      const events = when(given(), create());
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
      const state = given(create());
      expect(state).to.include({ status: 'pending', id: 'doc-1', tenantId: 'tenant-1', environment: 'test', createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
      expect(state.number).to.equal(null);
      expect(state.uniqueCode).to.equal(null);
    });

    it('given an existing document, when created again, then it is refused with already_exists', () => {
      const error = refused(given(create()), create());
      expect(error.code).to.equal('already_exists');
    });

    it('given a body that breaks issuance rules, when created, then DocumentValidationError lists the issues', () => {
      const body = sampleInvoice();
      delete body.items;
      const error = refused(given(), create({ body }));
      expect(error).to.be.instanceOf(DocumentValidationError);
      expect(error.code).to.equal('validation_failed');
      const issues = (error as DocumentValidationError).issues;
      expect(issues.length).to.be.greaterThan(0);
      expect(issues.map((issue) => issue.field).join(' ')).to.contain('items');
    });

    it('is pure: the same command gives the same events', () => {
      expect(when(given(), create())).to.deep.equal(when(given(), create()));
    });
  });

  describe('StartSubmission', () => {
    it('given a pending document, when submission starts, then DocumentSubmissionStarted claims it for the lease and it is sent', () => {
      const state = given(create());
      const events = when(state, start);
      const leaseUntil = new Date(LATER.getTime() + 60_000).toISOString();
      expect(events).to.deep.equal([{ type: 'DocumentSubmissionStarted', data: { documentId: 'doc-1', leaseUntil, at: LATER.toISOString() } }]);
      expect(events.reduce(evolveDocument, state)).to.include({ status: 'sent', nextAttemptAt: leaseUntil, updatedAt: LATER.toISOString() });
    });

    it('given a first attempt recorded before claims had a lease, then its next attempt is due at once', () => {
      const state = evolveDocument(given(create()), { type: 'DocumentSubmissionStarted', data: { documentId: 'doc-1', at: LATER.toISOString() } });
      expect(state).to.include({ status: 'sent', nextAttemptAt: LATER.toISOString() });
    });

    for (const [label, state] of [
      ['sent', () => given(create(), start)],
      ['validated', () => given(create(), start, outcome(validated))],
      ['cancelled', () => given(create(), cancel)],
      ['none', () => given()],
    ] as const) {
      it(`given a ${label} document, when submission starts, then nothing happens`, () => {
        expect(when(state(), start)).to.deep.equal([]);
      });
    }
  });

  describe('RecordOutcome', () => {
    it('given a sent document, when validated, then number, unique code and warnings are recorded', () => {
      const warned: SubmissionOutcome = { ...validated, warnings: [{ code: 'RUT01', message: 'name differs' }] };
      const state = given(create(), start, outcome(warned));
      expect(state).to.include({ status: 'validated', number: 'SETP990000000', uniqueCode: 'cufe', validatedAt: LATER.toISOString() });
      expect(state.warnings).to.deep.equal([{ code: 'RUT01', message: 'name differs' }]);
    });

    it('given a sent document, when rejected, then the errors are recorded', () => {
      const state = given(create(), start, outcome(rejected));
      expect(state.status).to.equal('rejected');
      expect(state.errors).to.deep.equal([{ code: 'FAK24', message: 'no RUT' }]);
    });

    it('given a validated document, when a second outcome arrives, then it is ignored (one outcome only)', () => {
      const state = given(create(), start, outcome(validated));
      expect(when(state, outcome(rejected))).to.deep.equal([]);
      expect(when(state, outcome(validated))).to.deep.equal([]);
    });

    it('given a cancelled document, when a late validation arrives, then it is dropped', () => {
      expect(when(given(create(), start, cancel), outcome(validated))).to.deep.equal([]);
    });
  });

  describe('RecordFailure', () => {
    it('given a sent document, when the submission fails, then status failed with the reason', () => {
      const state = given(create(), start, failure);
      expect(state).to.include({ status: 'failed', failureReason: 'provider down' });
    });

    it('given a validated document, when a failure arrives, then nothing happens', () => {
      expect(when(given(create(), start, outcome(validated)), failure)).to.deep.equal([]);
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
        const state = given(...steps);
        const events = when(state, cancel);
        expect(events).to.deep.equal([{ type: 'DocumentCancelled', data: { documentId: 'doc-1', at: LATER.toISOString() } }]);
        expect(events.reduce(evolveDocument, state).status).to.equal('cancelled');
      });
    }

    it('given a cancelled document, when cancelled again, then nothing happens (idempotent)', () => {
      expect(when(given(create(), cancel), cancel)).to.deep.equal([]);
    });

    it('given a validated document, when cancelled, then it is refused with document_validated', () => {
      const error = refused(given(create(), start, outcome(validated)), cancel);
      expect(error.code).to.equal('document_validated');
      expect(error.details).to.deep.equal({ status: 'validated' });
    });

    it('given a voided document, when cancelled, then it is refused with document_validated', () => {
      const voided: DocumentState = { ...given(create(), start, outcome(validated)), status: 'voided' };
      expect(refused(voided, cancel).code).to.equal('document_validated');
    });

    it('given no document, when cancelled, then it is refused with not_found (no event for a document that does not exist)', () => {
      expect(refused(given(), cancel).code).to.equal('not_found');
    });
  });

  describe('evolveDocument', () => {
    it('given a created document, when DocumentCreated is folded again, then the state starts over from that event', () => {
      const created = when(given(), create());
      const state = given(create(), start, outcome(validated));
      expect(created.reduce(evolveDocument, state)).to.deep.equal(created.reduce(evolveDocument, initialDocumentState()));
    });
  });
});
