import { expect } from 'chai';
import { http } from '../../support/http.ts';
import { startIntegrationApp, type IntegrationApp } from '../../support/invoice-management/integration-app.ts';
import { get } from '../../support/invoice-management/invoice-steps.ts';
import { expectSeedProblem } from '../../support/invoice-management/problems.ts';

describe('Integrations: rate limits per key and window', () => {
  let app: IntegrationApp;

  before(async () => {
    app = await startIntegrationApp({ INTEGRATIONS_RATE_LIMIT: '3', INTEGRATIONS_RATE_WINDOW_SECONDS: '2' });
  });
  after(() => app.close());

  it('given a quota of 3 per 2 s, then each answer says what is left, the 4th is 429 with Retry-After, and the next window is whole again', async () => {
    const { key } = await app.createTenant();

    const answers = [await get(app, key, '/v1/me'), await get(app, key, '/v1/invoices'), await get(app, key, '/v1/me')];
    const limited = await get(app, key, '/v1/me');

    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get('ratelimit-policy'))).to.deep.equal(Array(3).fill('"per-key";q=3;w=2'));
    expect(answers.map((answer) => /r=(\d+)/.exec(answer.headers.get('ratelimit') ?? '')?.[1])).to.deep.equal(['2', '1', '0']);
    expectSeedProblem(limited, 429, 'rate_limited', '/v1/me');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 2);
    expect(limited.headers.get('ratelimit')).to.match(/^"per-key";r=0;t=[12]$/);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await get(app, key, '/v1/me')).status).to.equal(200);
  });

  it('given one key over its quota, then another key of the same company is not limited, and unauthenticated calls count for no key', async () => {
    const tenant = await app.createTenant();
    const other = await app.createKey(tenant.tenantId, ['invoices:read']);
    for (let i = 0; i < 4; i += 1) await get(app, tenant.key, '/v1/me');
    for (let i = 0; i < 5; i += 1) expect((await http(app.baseUrl, 'GET', '/v1/me')).status).to.equal(401);

    expect((await get(app, tenant.key, '/v1/me')).status).to.equal(429);
    expect((await get(app, other.key, '/v1/me')).status).to.equal(200);
  });
});
