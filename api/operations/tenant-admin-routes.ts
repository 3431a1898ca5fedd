import { Router, type Request, type RequestHandler, type Response } from 'express';
import { tenantRecord } from '../../application/tenancy/tenant-record.ts';
import type { ProfilePatch } from '../../domain/tenancy/company-profile.ts';
import { InvalidCompanyProfileError } from '../../domain/tenancy/company-profile-errors.ts';
import type { ApiServices } from '../api-services.ts';
import { principalOf } from '../http/authentication.ts';
import { problems } from '../http/problem.ts';
import { jsonObject } from '../invoice-management/request-parts.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const noSuchTenant = (id: string) => problems.notFound(`no tenant with id ${id}`);

/** The logo of a patch: plain base64 (line breaks tolerated) decoded to its bytes; null removes it. */
function logoBytes(value: unknown): Uint8Array | null | undefined {
  if (value === undefined || value === null) return value;
  const compact = String(value).replace(/\r?\n/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw problems.validation('the profile is not valid', [{ field: 'profile.logo', message: 'must be the image in plain base64 (no data: prefix), or null to remove it' }]);
  }
  return Buffer.from(compact, 'base64');
}

/**
 * `GET` and `PATCH /admin/v1/tenants/{id}`: a company and its profile for operator keys (scope `admin`, checked by the
 * admin router that mounts this one). The PATCH is a JSON merge patch of what GET shows; only `profile` changes.
 */
export function tenantAdminRoutes(services: ApiServices, json: RequestHandler): Router {
  const router = Router();
  const { tenants, updateCompanyProfile } = services.admin;

  router.get('/admin/v1/tenants/:id', async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const tenant = await tenants.find(id);
    if (!tenant) throw noSuchTenant(id);
    res.json(tenantRecord(tenant));
  });

  router.patch('/admin/v1/tenants/:id', json, async (req: Request, res: Response) => {
    const id = String(req.params.id);
    const body = jsonObject(req);
    const issues = services.validator.validate('TenantPatch', body);
    if (issues.length > 0) throw problems.validation('the patch is not valid', issues);
    if (!(await tenants.find(id))) throw noSuchTenant(id);
    const { logo, ...fields } = (body.profile ?? {}) as Record<string, unknown>;
    const patch: ProfilePatch = { ...fields, logo: logoBytes(logo) };
    const principal = principalOf(res);
    const context = { actor: principal.keyId, correlationId: String(res.locals.correlationId), causationId: String(res.locals.requestId) };
    try {
      const updated = await updateCompanyProfile.execute(id, patch, context);
      if (!updated) throw noSuchTenant(id);
      res.json(tenantRecord(updated));
    } catch (error) {
      if (!(error instanceof InvalidCompanyProfileError)) throw error;
      const named = error.issues.map((issue) => ({ ...issue, field: `profile.${issue.field}` }));
      throw problems.validation('the profile is not valid', named);
    }
  });
  return router;
}
