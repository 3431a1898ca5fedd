import { expect } from 'chai';
import type { CreateDocument } from '../../../domain/documents/document-commands.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import { DocumentValidationError } from '../../../domain/documents/document-errors.ts';
import { creditNoteFamily } from '../../../domain/documents/families/index.ts';
import { validNoteBody } from '../notes/valid-note-body.ts';

const referenceIssue = { field: 'bill_number', message: 'no validated sales invoice with number SETP990000001 in this company and environment' };

function create(body: Record<string, unknown>, overrides: Partial<CreateDocument> = {}): CreateDocument {
  return {
    type: 'CreateDocument',
    family: creditNoteFamily,
    documentId: 'note-1',
    tenantId: 'tenant-1',
    environment: 'test',
    transactionId: 'tx-1',
    idempotencyKey: 'key-1',
    requestHash: 'hash-1',
    issuer: { nit: '900825759', dv: '7', legal_name: 'Emisor SAS', trade_name: 'Emisor' },
    body,
    now: new Date('2024-03-01T15:30:00.000Z'),
    ...overrides,
  };
}

function issuesOf(command: CreateDocument) {
  try {
    documentDecider.decide(command, documentDecider.initialState());
  } catch (error) {
    expect(error).to.be.instanceOf(DocumentValidationError);
    return (error as DocumentValidationError).issues;
  }
  return expect.fail('the document was created');
}

describe('documentDecider: CreateDocument with the reference the use case could not resolve', () => {
  it('given a body that passes the rules and a reference issue, then the reference issue alone refuses it', () => {
    expect(issuesOf(create(validNoteBody(), { referenceIssue }))).to.deep.equal([referenceIssue]);
  });

  it('given a body that breaks rules and a reference issue, then one error lists the rules\' issues, then the reference issue', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    expect(issuesOf(create({ ...body, observation: 'x'.repeat(251) }, { referenceIssue }))).to.deep.equal([
      { field: 'customer', message: 'is required' },
      { field: 'observation', message: 'has 251 characters; at most 250 are allowed' },
      referenceIssue,
    ]);
  });

  it('given no reference issue, then the note is created with the reference it was handed', () => {
    const reference = { family: 'sales-invoice' as const, documentId: 'inv-1', number: 'SETP990000001', uniqueCode: 'cufe', issueDate: '2024-02-01' };
    const [created] = documentDecider.decide(create(validNoteBody(), { reference }), documentDecider.initialState());
    expect(created).to.deep.include({ type: 'DocumentCreated' });
    expect(created.type === 'DocumentCreated' && created.data.reference).to.deep.equal(reference);
  });
});
