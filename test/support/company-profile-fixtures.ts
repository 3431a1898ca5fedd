import { OPERATOR_SCOPES, OPERATOR_TENANT } from '../../domain/tenancy/scopes.ts';
import { http, type HttpAnswer } from './http.ts';
import type { TestApp } from './test-app.ts';

/** A complete profile as the operator API takes it (every DIAN-required field, and the optional ones). */
export const COMPLETE_PROFILE = {
  address: 'Calle 100 # 8A-55 Of. 301',
  municipality_code: '11001',
  postal_code: '110111',
  phone: '+57 601 555 1234',
  email: 'facturas@halltec.example',
  organization_type: '1',
  tax_scheme: '01',
  responsibilities: ['O-13', 'O-15'],
  ciiu: ['6201', '4711'],
  registration: '12345-01',
} as const;

/** A key with the operator's scope, bound to no company. */
export async function operatorKey(app: TestApp): Promise<string> {
  const context = { actor: 'test', correlationId: 'test', tenantId: OPERATOR_TENANT, environment: 'live' };
  return (await app.container.apiKeys.issue({ tenantId: OPERATOR_TENANT, environment: 'live', scopes: [...OPERATOR_SCOPES] }, context)).key;
}

/** PATCH /admin/v1/tenants/{id} with `{ profile }` as a JSON merge patch. */
export function patchProfile(app: TestApp, key: string, tenantId: string, profile: Record<string, unknown>): Promise<HttpAnswer> {
  return http(app.baseUrl, 'PATCH', `/admin/v1/tenants/${tenantId}`, { key, body: { profile }, headers: { 'Content-Type': 'application/merge-patch+json' } });
}
