import type { Scope } from '../documents/get-document.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';

/** The company documents are issued to: a tenant, known to issuers by its NIT, in one environment. */
export interface Receiver {
  tenantId: string;
  environment: string;
  nit: string;
  name: string;
}

export async function receiverOf(tenants: TenantDirectory, scope: Scope): Promise<Receiver> {
  const tenant = await tenants.find(scope.tenantId);
  if (!tenant) throw new Error(`tenant ${scope.tenantId} does not exist`);
  return { tenantId: tenant.id, environment: scope.environment, nit: tenant.nit, name: tenant.legalName };
}
