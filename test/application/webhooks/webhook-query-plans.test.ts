import { expect } from 'chai';
import type { CollectionSpec, Query } from '../../../application/ports/read-model-store.ts';
import { WEBHOOK_DELIVERIES_COLLECTION } from '../../../application/webhooks/webhook-delivery-row.ts';
import { WEBHOOK_SCHEDULE_COLLECTION, WEBHOOK_SCHEDULE_PARTITION } from '../../../application/webhooks/webhook-delivery-schedule.ts';
import { WEBHOOK_EVENTS_COLLECTION } from '../../../application/webhooks/webhook-event-row.ts';
import { openTempStores, type TempStores } from '../../support/fixtures.ts';

const partition = { tenantId: 't', environment: 'test' };
const window = { gte: '2026-01-01T00:00:00.000Z', lt: '2026-02-01T00:00:00.000Z' };

/** Every query the delivery side makes of its read models, as it makes them. */
const QUERIES: Array<[CollectionSpec<object>, Query]> = [
  [WEBHOOK_SCHEDULE_COLLECTION, { ...WEBHOOK_SCHEDULE_PARTITION, where: { dueAt: { lte: window.gte } }, orderBy: [['dueAt', 'asc']], skip: 200, limit: 200 }],
  [WEBHOOK_DELIVERIES_COLLECTION, { ...partition, where: { endpointId: 'whe_a' }, orderBy: [['sequence', 'desc']], limit: 26 }],
  [WEBHOOK_DELIVERIES_COLLECTION, { ...partition, where: { endpointId: 'whe_a', sequence: { lt: '2026|whd_1' } }, orderBy: [['sequence', 'desc']], limit: 26 }],
  [WEBHOOK_EVENTS_COLLECTION, { ...partition, where: { createdAt: window }, orderBy: [['createdAt', 'asc']], limit: 10_001 }],
  [WEBHOOK_EVENTS_COLLECTION, { ...partition, where: { type: 'document.sent', createdAt: { gte: window.gte } }, orderBy: [['createdAt', 'asc']], limit: 10_001 }],
];

describe('webhook delivery read models: every query walks an index in the order asked', () => {
  let stores: TempStores;
  before(() => (stores = openTempStores()));
  after(() => stores.dispose());

  for (const [spec, query] of QUERIES) {
    it(`${spec.name}: ${JSON.stringify(query.where)} by ${JSON.stringify(query.orderBy)}`, async () => {
      const plan = await stores.readModels.collection(spec).explain(query);
      expect(plan.index, plan.detail).to.not.equal(null);
      expect(plan.inMemorySort, plan.detail).to.equal(false);
    });
  }
});
