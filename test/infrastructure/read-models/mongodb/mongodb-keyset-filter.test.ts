import { expect } from 'chai';
import { toMongoFindFilter } from '../../../../infrastructure/read-models/mongodb/mongodb-query.ts';

const partition = { tenantId: 't1', environment: 'test' };
const storedId = (id: string) => ({ t: 't1', e: 'test', i: id });

describe('toMongoFindFilter: keyset pages as MongoDB filters (the contract suite runs them on a server)', () => {
  it('given no position, then the query’s conditions alone', () => {
    expect(toMongoFindFilter({ ...partition, where: { status: 'failed' }, orderBy: [['createdAt', 'desc']] })).to.deep.equal({ _t: 't1', _e: 'test', status: 'failed' });
  });

  it('given a position in a descending order of two fields, then the first field bounded and each tie broken by the next, then by _id', () => {
    const filter = toMongoFindFilter({
      ...partition,
      where: { family: 'payroll' },
      orderBy: [['issueDate', 'desc'], ['createdAt', 'desc']],
      after: { values: ['2026-03-01', '2026-03-01T15:00:00.000Z'], id: 'doc-9' },
    });
    expect(filter).to.deep.equal({
      $and: [
        { _t: 't1', _e: 'test', family: 'payroll' },
        { issueDate: { $lte: '2026-03-01' } },
        {
          $or: [
            { issueDate: { $lt: '2026-03-01' } },
            { issueDate: '2026-03-01', createdAt: { $lt: '2026-03-01T15:00:00.000Z' } },
            { issueDate: '2026-03-01', createdAt: '2026-03-01T15:00:00.000Z', _id: { $lt: storedId('doc-9') } },
          ],
        },
      ],
    });
  });

  it('given a position in an ascending order by id alone, then _id after the position’s stored id', () => {
    const filter = toMongoFindFilter({ ...partition, orderBy: [], after: { values: [], id: 'm-3' } });
    expect(filter).to.deep.equal({ $and: [{ _t: 't1', _e: 'test' }, { _id: { $gte: storedId('m-3') } }, { $or: [{ _id: { $gt: storedId('m-3') } }] }] });
  });
});
