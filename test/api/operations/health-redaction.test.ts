import type { AddressInfo } from 'node:net';
import express from 'express';
import { expect } from 'chai';
import { healthRoutes } from '../../../api/operations/health-routes.ts';
import { http } from '../../support/http.ts';

describe('GET /health/ready (unauthenticated) never shows a store password', () => {
  it('given a store and a worker whose errors echo connection strings, then 503 with the errors, each password ***', async () => {
    const readiness = async () => ({
      ready: false,
      stores: { eventStore: 'unreachable: cannot reach kurrentdb://admin:s3cret@db:2113', readModels: 'ok' },
      subscriptions: [{ name: 'documents', error: 'MongoNetworkError: mongodb://app:s3cret@mongo:27017/x "timed out"' }],
    });
    const app = express().use(healthRoutes({ readiness } as never));
    const server = app.listen(0);
    try {
      const answer = await http(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'GET', '/health/ready');

      expect(answer.status).to.equal(503);
      expect(answer.headers.get('content-type')).to.match(/^application\/json/);
      expect(answer.text).to.not.contain('s3cret');
      expect(answer.body).to.deep.equal({
        status: 'not_ready',
        ready: false,
        stores: { eventStore: 'unreachable: cannot reach kurrentdb://admin:***@db:2113', readModels: 'ok' },
        subscriptions: [{ name: 'documents', error: 'MongoNetworkError: mongodb://app:***@mongo:27017/x "timed out"' }],
      });
    } finally {
      server.close();
    }
  });
});
