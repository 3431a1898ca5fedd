import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { expectProblem, expectSchema } from '../../support/api-test-helpers.ts';
import { COMPLETE_PROFILE, operatorKey, patchProfile } from '../../support/company-profile-fixtures.ts';
import { http } from '../../support/http.ts';
import { pngLogo, TINY_JPEG } from '../../support/logo-images.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('Operator API: GET and PATCH /admin/v1/tenants/{id}', () => {
  let app: TestApp;
  let admin: string;
  let tenant: TestTenant;
  const path = () => `/admin/v1/tenants/${tenant.tenantId}`;

  before(async () => {
    app = await startTestApp({}, { workers: false });
    admin = await operatorKey(app);
    tenant = await app.createTenant({ profile: false });
  });
  after(() => app.close());

  it('given a tenant without a profile, when GET, then the company with an empty profile and every DIAN-required field missing', async () => {
    const answer = await http(app.baseUrl, 'GET', path(), { key: admin });

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('Tenant', answer.body);
    expect(answer.body).to.include({ id: tenant.tenantId, nit: '900825759', dv: '7', legal_name: 'Company 900825759', profile_updated_at: null });
    expect(answer.body.profile).to.include({ address: null, municipality_code: null, country_code: 'CO', country: 'Colombia', logo: null });
    expect(answer.body.profile_missing).to.deep.equal(['address', 'municipality_code', 'organization_type', 'tax_scheme', 'responsibilities', 'email']);
  });

  it('given a complete profile with a logo in base64, when PATCH (merge patch), then 200 with the profile, city and department named, and the logo by hash', async () => {
    const logo = pngLogo(40, 20);

    const answer = await patchProfile(app, admin, tenant.tenantId, { ...COMPLETE_PROFILE, logo: logo.toString('base64') });

    expect(answer.status, answer.text).to.equal(200);
    expectSchema('Tenant', answer.body);
    expect(answer.body.profile).to.deep.include({ ...COMPLETE_PROFILE, city: 'Bogotá, D.c.', department_code: '11', department: 'Bogotá' });
    expect(answer.body.profile.logo).to.deep.equal({ sha256: createHash('sha256').update(logo).digest('hex'), content_type: 'image/png', size: logo.length, width: 40, height: 20 });
    expect(answer.body.profile_missing).to.deep.equal([]);
    expect((await http(app.baseUrl, 'GET', path(), { key: admin })).body).to.deep.equal(answer.body);
  });

  it('given a profile, when PATCH with application/json naming one field and null for others, then only those change', async () => {
    const answer = await http(app.baseUrl, 'PATCH', path(), { key: admin, body: { profile: { phone: null, ciiu: null, logo: TINY_JPEG.toString('base64') } } });

    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.profile).to.include({ phone: null, address: COMPLETE_PROFILE.address });
    expect(answer.body.profile.ciiu).to.deep.equal([]);
    expect(answer.body.profile.logo.content_type).to.equal('image/jpeg');
  });

  it('given an unknown municipality and a bad e-mail, when PATCH, then 422 validation_failed naming both fields, and nothing changes', async () => {
    const before = (await http(app.baseUrl, 'GET', path(), { key: admin })).body;

    const answer = await patchProfile(app, admin, tenant.tenantId, { municipality_code: '99999', email: 'nope' });

    const problem = expectProblem(answer, 422, 'validation_failed');
    expect(problem.errors.map((issue: { field: string }) => issue.field)).to.deep.equal(['profile.municipality_code', 'profile.email']);
    expect((await http(app.baseUrl, 'GET', path(), { key: admin })).body).to.deep.equal(before);
  });

  it('given a logo that is not an image, or not base64, when PATCH, then 422 naming profile.logo', async () => {
    const gif = await patchProfile(app, admin, tenant.tenantId, { logo: Buffer.from('GIF89a....').toString('base64') });
    expect(expectProblem(gif, 422, 'validation_failed').errors).to.deep.equal([{ field: 'profile.logo', message: 'must be a PNG or JPEG image (recognised by its bytes)' }]);

    const notBase64 = await patchProfile(app, admin, tenant.tenantId, { logo: 'data:image/png;base64,iVBOR' });
    expect(expectProblem(notBase64, 422, 'validation_failed').errors[0].field).to.equal('profile.logo');
  });

  it('given a field of the wrong type or one the profile does not have, when PATCH, then 422 naming it', async () => {
    const wrongType = await patchProfile(app, admin, tenant.tenantId, { responsibilities: 'O-13' });
    expect(expectProblem(wrongType, 422, 'validation_failed').errors[0].field).to.equal('profile.responsibilities');

    const unknown = await patchProfile(app, admin, tenant.tenantId, { website: 'https://halltec.example' });
    expect(expectProblem(unknown, 422, 'validation_failed').errors).to.deep.equal([{ field: 'profile.website', message: 'is not a known field' }]);

    const names = await http(app.baseUrl, 'PATCH', path(), { key: admin, body: { legal_name: 'Other' } });
    expect(expectProblem(names, 422, 'validation_failed').errors[0].field).to.equal('legal_name');
  });

  it('given an unknown tenant, when GET or PATCH, then 404', async () => {
    expectProblem(await http(app.baseUrl, 'GET', `/admin/v1/tenants/${UNKNOWN}`, { key: admin }), 404, 'not_found');
    expectProblem(await patchProfile(app, admin, UNKNOWN, { phone: '3001234567' }), 404, 'not_found');
  });

  it('given a tenant’s key or no key, then 403 or 401; a body that is not JSON is 400 or 415', async () => {
    expectProblem(await http(app.baseUrl, 'GET', path(), { key: tenant.key }), 403, 'insufficient_scope');
    expectProblem(await patchProfile(app, tenant.key, tenant.tenantId, { phone: '3001234567' }), 403, 'insufficient_scope');
    expectProblem(await http(app.baseUrl, 'GET', path()), 401, 'unauthorized');
    expectProblem(await http(app.baseUrl, 'PATCH', path(), { key: admin, rawBody: '{"profile":', headers: { 'Content-Type': 'application/json' } }), 400, 'malformed_json');
    expectProblem(await http(app.baseUrl, 'PATCH', path(), { key: admin, rawBody: 'phone=1', headers: { 'Content-Type': 'text/plain' } }), 415, 'unsupported_media_type');
  });

  it('given the OpenAPI document, then it describes both operations with the Tenant and TenantPatch schemas', async () => {
    const document = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    const operations = document.paths['/admin/v1/tenants/{id}'];

    expect(operations).to.have.keys('get', 'patch');
    expect(operations.get.responses['200'].content['application/json'].schema.$ref).to.equal('#/components/schemas/Tenant');
    expect(operations.patch.requestBody.content['application/merge-patch+json'].schema.$ref).to.equal('#/components/schemas/TenantPatch');
    expect(operations.patch.responses).to.include.keys('200', '401', '403', '404', '422');
  });
});
