import type { SigningKey } from '../../application/certificates/certificates.ts';
import type { SoftwareIdentities, SoftwareIdentityView } from '../../application/numbering/software-identities.ts';
import type { TenantDirectory } from '../../application/tenancy/tenant-directory.ts';
import type { TenantState } from '../../domain/tenancy/tenant.ts';
import { DianSetupError } from './dian-setup-error.ts';
import type { DianCall } from './web-services/dian-web-services.ts';

/** What the DIAN commands read of a company: its record, software identity and signing key. */
export interface DianCompanyParts {
  tenants: TenantDirectory;
  software: SoftwareIdentities;
  certificates: { signingKey(tenantId: string, environment: string, at: Date): Promise<SigningKey | null> };
}

export interface DianCaller {
  tenant: TenantState;
  software: SoftwareIdentityView;
  call: DianCall;
}

/**
 * The company, its own software identity for the environment and a DianCall signed with its certificate; a
 * DianSetupError naming the command to run when one of them is missing.
 */
export async function dianCaller(parts: DianCompanyParts, tenantId: string, environment: string, endpoint: string, at: Date): Promise<DianCaller> {
  const tenant = await parts.tenants.find(tenantId);
  if (!tenant) throw new DianSetupError(`--tenant: no tenant ${tenantId}`);
  const software = await parts.software.view(tenantId, environment);
  if (!software || software.isDefault) {
    throw new DianSetupError(`tenant ${tenantId} has no DIAN software for ${environment}: register the one DIAN gave with \`software set --tenant ${tenantId} --env ${environment} --id … --pin …\``);
  }
  const key = await parts.certificates.signingKey(tenantId, environment, at);
  if (!key) throw new DianSetupError(`tenant ${tenantId} has no certificate valid now for ${environment}: import it with \`certificates import --tenant ${tenantId} --env ${environment} --file …\``);
  return { tenant, software, call: { endpoint, credentials: { privateKeyPem: key.privateKeyPem, chainPem: key.chainPem } } };
}
