import { expect } from 'chai';
import { readSqlitePlan } from '../../../../infrastructure/read-models/sqlite/sqlite-plan.ts';

const steps = (...details: string[]) => details.map((detail) => ({ detail }));

describe('readSqlitePlan (EXPLAIN QUERY PLAN lines of SQLite)', () => {
  it('given a search on an index in the order asked, then the index and no sort in memory', () => {
    const plan = readSqlitePlan(steps('SEARCH rm_documents USING INDEX rm_documents_by_family_createdAt_1a2b3c4d (tenant_id=? AND environment=? AND f_family=? AND f_createdAt>?)'));
    expect(plan).to.include({ index: 'rm_documents_by_family_createdAt_1a2b3c4d', inMemorySort: false });
  });

  it('given a count on a covering index or a primary key, then that index', () => {
    expect(readSqlitePlan(steps('SEARCH rm_x USING COVERING INDEX rm_x_by_status_9 (tenant_id=? AND environment=? AND f_status=?)')).index).to.equal('rm_x_by_status_9');
    expect(readSqlitePlan(steps('SEARCH rm_x USING INDEX sqlite_autoindex_rm_x_1 (tenant_id=? AND environment=?)')).index).to.equal('sqlite_autoindex_rm_x_1');
    expect(readSqlitePlan(steps('SEARCH t USING INTEGER PRIMARY KEY (rowid=?)')).index).to.equal('PRIMARY KEY');
  });

  it('given a temporary b-tree for the order (whole or part), then the sort in memory is reported', () => {
    const whole = readSqlitePlan(steps('SEARCH rm_x USING INDEX sqlite_autoindex_rm_x_1 (tenant_id=? AND environment=?)', 'USE TEMP B-TREE FOR ORDER BY'));
    expect(whole).to.deep.equal({
      index: 'sqlite_autoindex_rm_x_1',
      inMemorySort: true,
      detail: 'SEARCH rm_x USING INDEX sqlite_autoindex_rm_x_1 (tenant_id=? AND environment=?); USE TEMP B-TREE FOR ORDER BY',
    });
    expect(readSqlitePlan(steps('SEARCH rm_x USING INDEX i (tenant_id=?)', 'USE TEMP B-TREE FOR RIGHT PART OF ORDER BY')).inMemorySort).to.equal(true);
    expect(readSqlitePlan(steps('SEARCH rm_x USING INDEX i (tenant_id=?)', 'USE TEMP B-TREE FOR LAST 2 TERMS OF ORDER BY')).inMemorySort).to.equal(true);
  });

  it('given a scan of the table, then no index', () => {
    expect(readSqlitePlan(steps('SCAN rm_x'))).to.include({ index: null, inMemorySort: false });
  });
});
