import { expect } from 'chai';
import { readMongoPlan } from '../../../../infrastructure/read-models/mongodb/mongodb-plan.ts';

const INDEX = '_t_1__e_1_family_1_createdAt_1__id_1';
const ixscan = (indexName = INDEX) => ({ stage: 'IXSCAN', keyPattern: { _t: 1, _e: 1, family: 1, createdAt: 1, _id: 1 }, indexName, direction: 'backward' });

describe('readMongoPlan (explain answers of MongoDB, as the server shapes them)', () => {
  it('given a classic find walking an index in order, then the index and no sort in memory', () => {
    const plan = readMongoPlan({
      explainVersion: '1',
      queryPlanner: { winningPlan: { stage: 'LIMIT', inputStage: { stage: 'FETCH', filter: { issueDate: { $gte: '2024-01-01' } }, inputStage: ixscan() } }, rejectedPlans: [] },
    });
    expect(plan).to.deep.equal({ index: INDEX, inMemorySort: false, detail: `LIMIT > FETCH > IXSCAN ${INDEX}` });
  });

  it('given a classic find that sorts what an index found, then the sort in memory is reported', () => {
    const plan = readMongoPlan({
      queryPlanner: { winningPlan: { stage: 'SORT', sortPattern: { createdAt: -1, _id: -1 }, inputStage: { stage: 'FETCH', inputStage: ixscan('_t_1__e_1__id_1') } } },
    });
    expect(plan).to.include({ index: '_t_1__e_1__id_1', inMemorySort: true });
  });

  it('given a collection scan, then no index (even when a rejected plan had one)', () => {
    const plan = readMongoPlan({ queryPlanner: { winningPlan: { stage: 'COLLSCAN', direction: 'forward' }, rejectedPlans: [{ stage: 'FETCH', inputStage: ixscan() }] } });
    expect(plan).to.deep.equal({ index: null, inMemorySort: false, detail: 'COLLSCAN' });
  });

  it('given the slot-based engine’s shape (winningPlan.queryPlan beside slotBasedPlan), then the tree under queryPlan is read', () => {
    const ordered = readMongoPlan({
      explainVersion: '2',
      queryPlanner: { winningPlan: { queryPlan: { stage: 'LIMIT', planNodeId: 3, inputStage: { stage: 'FETCH', planNodeId: 2, inputStage: ixscan() } }, slotBasedPlan: { slots: '...', stages: '[3] limit 25 ...' } } },
    });
    expect(ordered).to.include({ index: INDEX, inMemorySort: false });
    const sorted = readMongoPlan({
      explainVersion: '2',
      queryPlanner: { winningPlan: { queryPlan: { stage: 'SORT', planNodeId: 3, inputStage: { stage: 'FETCH', inputStage: ixscan() } }, slotBasedPlan: {} } },
    });
    expect(sorted).to.include({ index: INDEX, inMemorySort: true });
  });

  it('given an aggregation explained by the classic engine ($cursor stage), then its query planner is read', () => {
    const plan = readMongoPlan({
      explainVersion: '1',
      stages: [{ $cursor: { queryPlanner: { winningPlan: { stage: 'PROJECTION_COVERED', inputStage: { stage: 'COUNT_SCAN', indexName: INDEX } } } } }, { $group: { _id: { $const: 1 } } }],
    });
    expect(plan).to.deep.equal({ index: INDEX, inMemorySort: false, detail: `PROJECTION_COVERED > COUNT_SCAN ${INDEX}` });
  });

  it('given a sharded find, then every shard’s plan counts: one shard scanning the collection means no index', () => {
    const shard = (winningPlan: object) => ({ shardName: 's', winningPlan });
    const served = readMongoPlan({ queryPlanner: { winningPlan: { stage: 'SHARD_MERGE', shards: [shard({ stage: 'FETCH', inputStage: ixscan() }), shard({ stage: 'FETCH', inputStage: ixscan() })] } } });
    expect(served).to.include({ index: INDEX, inMemorySort: false });
    const partly = readMongoPlan({ queryPlanner: { winningPlan: { stage: 'SHARD_MERGE', shards: [shard({ stage: 'FETCH', inputStage: ixscan() }), shard({ stage: 'COLLSCAN' })] } } });
    expect(partly.index).to.equal(null);
  });

  it('given a lookup by _id (IDHACK), then the _id index', () => {
    expect(readMongoPlan({ queryPlanner: { winningPlan: { stage: 'IDHACK' } } })).to.include({ index: '_id_', inMemorySort: false });
  });

  it('given an answer without a winning plan, then no index and a detail that says so', () => {
    expect(readMongoPlan({ ok: 1 })).to.deep.equal({ index: null, inMemorySort: false, detail: 'no winning plan in the explain answer' });
  });
});
