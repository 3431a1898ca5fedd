import { expect } from 'chai';
import { DOCUMENTS_COLLECTION } from '../../../../application/documents/document-row.ts';
import { documentListQuery } from '../../../../application/documents/document-list-query.ts';
import type { Query } from '../../../../application/ports/read-model-store.ts';
import { chooseIndex } from '../../../../infrastructure/read-models/sqlite/sqlite-index-choice.ts';
import { indexesOf } from '../../../../infrastructure/read-models/sqlite/sqlite-schema.ts';

const indexes = indexesOf('rm_documents', DOCUMENTS_COLLECTION);
const fieldsFor = (query: Pick<Query, 'where' | 'orderBy'>) => chooseIndex(indexes, query)?.fields.join(',');

describe('chooseIndex: the index a SQLite find walks', () => {
  it('given each documents list, then the index that gives its order and takes every equality of its filter', () => {
    const list = (filters: Parameters<typeof documentListQuery>[1]) => fieldsFor(documentListQuery('sales-invoice', filters));
    expect(list({})).to.equal('family,createdAt');
    expect(list({ status: 'failed' })).to.equal('family,status,createdAt');
    expect(list({ issuedFrom: '2026-01-01', issuedTo: '2026-01-31' })).to.equal('family,issueDate,createdAt');
    // A rare status over a month: the walk stays within that status, instead of reading every document of the month.
    expect(list({ status: 'failed', issuedFrom: '2026-01-01', issuedTo: '2026-01-31' })).to.equal('family,status,issueDate,createdAt');
    expect(list({ number: 'SETP990000001' })).to.equal('family,number,createdAt');
  });

  it('given the keyset lists and equalities placed among the order, then the index that serves them', () => {
    expect(fieldsFor({ where: { family: 'sales-invoice' }, orderBy: [['changeSequence', 'asc']] })).to.equal('family,changeSequence');
    expect(fieldsFor({ where: { family: 'sales-invoice', integrationStatus: 'validated' }, orderBy: [['changeSequence', 'asc']] })).to.equal('family,integrationStatus,changeSequence');
    expect(fieldsFor({ where: { family: 'sales-invoice', status: 'sent' }, orderBy: [['status', 'desc'], ['createdAt', 'desc']] })).to.equal('family,status,createdAt');
  });

  it('given an order no index gives, mixed directions, or neither an order nor an equality, then no choice: SQLite decides', () => {
    expect(fieldsFor({ where: { family: 'sales-invoice' }, orderBy: [['payableAmount', 'desc']] })).to.equal(undefined);
    expect(fieldsFor({ where: { family: 'sales-invoice' }, orderBy: [['issueDate', 'desc'], ['createdAt', 'asc']] })).to.equal(undefined);
    expect(fieldsFor({ where: {}, orderBy: [] })).to.equal(undefined);
  });
});
