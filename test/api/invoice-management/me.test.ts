import { expect } from 'chai';
import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../../domain/tenancy/scopes.ts';
import { expectSchema } from '../../support/api-test-helpers.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { http } from '../../support/http.ts';
import { startIntegrationApp, type IntegrationApp } from '../../support/invoice-management/integration-app.ts';
import { get } from '../../support/invoice-management/invoice-steps.ts';

describe('Integrations: GET /v1/me', () => {
  let app: IntegrationApp;

  before(async () => {
    app = await startIntegrationApp();
  });
  after(() => app.close());

  it('given a test key, then the key (never its secret), the company, the environment and the scopes', async () => {
    const tenant = await app.createTenant({ nit: '900825759' });

    const answer = await get(app, tenant.key, '/v1/me');

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('Identity', answer.body);
    const key = (await app.container.apiKeys.find(tenant.keyId))!;
    expect(answer.body.key).to.deep.equal({ id: tenant.keyId, prefix: key.prefix, name: key.name, created_at: key.createdAt, expires_at: null });
    expect(tenant.key.startsWith(answer.body.key.prefix)).to.equal(true);
    expect(answer.body.company).to.deep.include({ id: tenant.tenantId, name: 'Company 900825759', trade_name: 'Trade 900825759', tax_id: '900825759', check_digit: '7' });
    expect(answer.body).to.include({ environment: 'test' });
    expect(answer.body.scopes).to.deep.equal(['invoices:read', 'invoices:write']);
    expect(answer.text).to.not.contain(tenant.key);
  });

  it('given a live key with any single scope, then it may ask who it is, and the prefix marks live', async () => {
    const tenant = await app.createTenant();
    const live = await app.createKey(tenant.tenantId, ['products:read'], 'live');

    const answer = await get(app, live.key, '/v1/me');

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body).to.include({ environment: 'live' });
    expect(answer.body.scopes).to.deep.equal(['products:read']);
    expect(live.key).to.match(/^fe_live_/);
  });

  it('given a company without a profile, then its empty profile and every field DIAN requires listed as missing', async () => {
    const tenant = await app.createTenant({ profile: false });

    const { company } = (await get(app, tenant.key, '/v1/me')).body;

    expect(company.profile).to.include({ address: null, municipality_code: null, email: null, country_code: 'CO', logo: null });
    expect(company.profile_missing).to.deep.equal(['address', 'municipality_code', 'organization_type', 'tax_scheme', 'responsibilities', 'email']);
  });

  it('given the operator completed part of the profile, then /v1/me shows it at once and names only what is still missing', async () => {
    const tenant = await app.createTenant({ profile: false });
    const patch = { address: 'Calle 10 # 5-51', municipality_code: '68679', organization_type: '2', responsibilities: ['R-99-PN'], ciiu: ['4711'] };
    await app.container.updateCompanyProfile.execute(tenant.tenantId, patch, { actor: 'test', correlationId: 'test' });

    const answer = await get(app, tenant.key, '/v1/me');

    expectSchema('Identity', answer.body);
    expect(answer.body.company.profile).to.deep.include({ ...patch, city: 'San Gil', department: 'Santander', department_code: '68' });
    expect(answer.body.company.profile_missing).to.deep.equal(['tax_scheme', 'email']);
  });

  it('given an operator key, then its key, no company, no environment, the admin scope and no warnings', async () => {
    const operator = await app.createKey(OPERATOR_TENANT, [...OPERATOR_SCOPES], 'live');

    const answer = await get(app, operator.key, '/v1/me');

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('Identity', answer.body);
    const key = (await app.container.apiKeys.find(operator.keyId))!;
    expect(answer.body).to.deep.equal({
      key: { id: operator.keyId, prefix: key.prefix, name: key.name, created_at: key.createdAt, expires_at: null },
      company: null,
      environment: null,
      scopes: ['admin'],
      warnings: [],
    });
  });

  it('given a tenant key, then the schema still requires its company and environment (null is for operator keys only)', async () => {
    const tenant = await app.createTenant({ nit: '900825759' });

    const { body } = await get(app, tenant.key, '/v1/me');

    expect(body.company).to.be.an('object');
    expect(body.environment).to.equal('test');
  });

  it('given no key, then 401', async () => {
    expect((await http(app.baseUrl, 'GET', '/v1/me')).status).to.equal(401);
  });
});

describe('Integrations: a key that expires (GET /v1/me, then 401 on every face)', () => {
  let app: IntegrationApp;
  const clock = new FixedClock('2026-03-01T12:00:00.000Z');
  const DAY_MS = 86_400_000;

  before(async () => {
    app = await startIntegrationApp({}, { clock });
  });
  after(() => app.close());

  it('shows its expiry, warns from 14 days before it, and from the instant it expires answers 401 saying so, on seed 000, 001 and 002 faces alike', async () => {
    const tenant = await app.createTenant();
    const context = { actor: 'test', correlationId: 'test', tenantId: tenant.tenantId, environment: 'test' };
    const expiresAt = new Date(clock.now().getTime() + 20 * DAY_MS);
    const scopes = ['invoices:read', 'invoices:write', 'messages:send'] as const;
    const issued = await app.container.apiKeys.issue({ tenantId: tenant.tenantId, environment: 'test', scopes: [...scopes], expiresAt }, context);

    const early = await get(app, issued.key, '/v1/me');
    expect(early.status, early.text).to.equal(200);
    expectSchema('Identity', early.body);
    expect(early.body.key.expires_at).to.equal(expiresAt.toISOString());
    expect(early.body.warnings.map((warning: { code: string }) => warning.code)).to.not.include('api_key_expiring');

    clock.advance(7 * DAY_MS);
    const soon = await get(app, issued.key, '/v1/me');
    expectSchema('Identity', soon.body);
    expect(soon.body.warnings.find((warning: { code: string }) => warning.code === 'api_key_expiring')).to.deep.include({
      key_id: issued.state.keyId,
      expires_at: expiresAt.toISOString(),
      days_left: 13,
    });

    clock.advance(13 * DAY_MS);
    const answers = await Promise.all([
      get(app, issued.key, '/v1/me'),
      http(app.baseUrl, 'GET', '/invoices/v1/sales-invoices', { headers: { Authorization: `Bearer ${issued.key}` } }),
      http(app.baseUrl, 'GET', '/v1/templates', { headers: { Authorization: `Bearer ${issued.key}` } }),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.text).to.equal(401);
      expect(answer.text).to.contain(`expired at ${expiresAt.toISOString()}`);
    }
    expect(answers[0].body).to.include({ code: 'unauthorized', expired_at: expiresAt.toISOString() });
    expect(answers[0].headers.get('www-authenticate')).to.equal('Bearer');
    expect(answers[2].text).to.contain('NO_AUTORIZADO');
  });
});
