import { expect } from 'chai';
import { creditNoteFamily } from '../../../domain/documents/families/index.ts';
import { validNoteBody } from '../notes/valid-note-body.ts';
import { createdData, createDocument, issuesOf } from './create-document.ts';

const referenceIssue = { field: 'bill_number', message: 'no validated sales invoice with number SETP990000001 in this company and environment' };

describe('documentDecider: CreateDocument with the reference the use case could not resolve', () => {
  it('given a body that passes the rules and a reference issue, then the reference issue alone refuses it', () => {
    expect(issuesOf(createDocument(creditNoteFamily, validNoteBody(), { referenceIssue }))).to.deep.equal([referenceIssue]);
  });

  it('given a body that breaks rules and a reference issue, then one error lists the rules\' issues, then the reference issue', () => {
    const { customer: _omitted, ...body } = validNoteBody();
    expect(issuesOf(createDocument(creditNoteFamily, { ...body, observation: 'x'.repeat(251) }, { referenceIssue }))).to.deep.equal([
      { field: 'customer', message: 'is required' },
      { field: 'observation', message: 'has 251 characters; at most 250 are allowed' },
      referenceIssue,
    ]);
  });

  it('given no reference issue, then the note is created with the reference it was handed', () => {
    const reference = { family: 'sales-invoice' as const, documentId: 'inv-1', number: 'SETP990000001', uniqueCode: 'cufe', issueDate: '2024-02-01' };
    expect(createdData(createDocument(creditNoteFamily, validNoteBody(), { reference })).reference).to.deep.equal(reference);
  });
});
