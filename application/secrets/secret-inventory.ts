import { certificateRegistryDecider } from '../../domain/certificates/certificate-registry.ts';
import { softwareIdentityDecider } from '../../domain/numbering/software-identity.ts';
import { ENVIRONMENTS } from '../../domain/tenancy/scopes.ts';
import { webhookEndpointRegistryDecider } from '../../domain/webhooks/webhook-endpoint-registry.ts';
import { certificateStreamId } from '../certificates/certificate-stream.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { softwareIdentityStreamId } from '../numbering/software-identities.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { SecretCipher } from '../ports/secret-cipher.ts';
import { listTenants } from '../tenancy/list-tenants.ts';
import { webhookEndpointsStreamId } from '../webhooks/webhook-endpoint-stream.ts';

export type KeptSecretKind = 'certificate_private_key' | 'software_pin' | 'webhook_secret' | 'previous_webhook_secret';

/** A secret the deployment keeps, where it is kept and how; never the secret itself. */
export interface KeptSecret {
  kind: KeptSecretKind;
  tenantId: string;
  environment: string;
  /** The certificate's id, the software id or the webhook endpoint's id. */
  id: string;
  protection: 'sealed' | 'clear-test-only';
  /** The key that sealed it; null when it is kept in the clear. */
  keyId: string | null;
}

/** A secret as a registry keeps it: sealed, or in the clear (test only). */
export interface ProtectedValue {
  protection: 'sealed' | 'clear-test-only';
  value: string;
}

/** One company's registries in one environment. */
export interface RegistryScope {
  tenantId: string;
  environment: string;
}

/**
 * Every secret the companies' registries keep now: certificate private keys, software PINs, webhook secrets and the
 * secrets a webhook rotation replaced while they still sign (an expired one is never opened again). Read from the
 * registries' streams, company by company: the log keeps older values too, which nothing opens any more.
 */
export class SecretInventory {
  constructor(
    private readonly eventStore: EventStore,
    private readonly aggregates: AggregateStore,
    private readonly cipher: SecretCipher,
  ) {}

  async scopes(): Promise<RegistryScope[]> {
    const tenants = await listTenants(this.eventStore);
    return tenants.flatMap((tenant) => ENVIRONMENTS.map((environment) => ({ tenantId: tenant.id, environment })));
  }

  async all(now: Date): Promise<KeptSecret[]> {
    const kept: KeptSecret[] = [];
    for (const scope of await this.scopes()) kept.push(...(await this.of(scope, now)));
    return kept;
  }

  async of(scope: RegistryScope, now: Date): Promise<KeptSecret[]> {
    const { tenantId, environment } = scope;
    const kept: KeptSecret[] = [];
    const certificates = await this.aggregates.load(certificateStreamId(tenantId, environment), certificateRegistryDecider);
    for (const certificate of certificates.state.certificates) kept.push(this.describe('certificate_private_key', scope, certificate.certificateId, certificate.privateKey));
    const software = await this.aggregates.load(softwareIdentityStreamId(tenantId, environment), softwareIdentityDecider);
    const { softwareId, sealedPin } = software.state;
    if (softwareId && sealedPin) kept.push(this.describe('software_pin', scope, softwareId, { protection: 'sealed', value: sealedPin }));
    const webhooks = await this.aggregates.load(webhookEndpointsStreamId(tenantId, environment), webhookEndpointRegistryDecider);
    for (const endpoint of webhooks.state.endpoints) {
      kept.push(this.describe('webhook_secret', scope, endpoint.endpointId, endpoint.secret));
      const previous = endpoint.previousSecret;
      if (previous && now.getTime() < Date.parse(previous.expiresAt)) kept.push(this.describe('previous_webhook_secret', scope, endpoint.endpointId, previous.secret));
    }
    return kept;
  }

  private describe(kind: KeptSecretKind, { tenantId, environment }: RegistryScope, id: string, secret: ProtectedValue): KeptSecret {
    const keyId = secret.protection === 'sealed' ? this.cipher.sealedWith(secret.value) : null;
    return { kind, tenantId, environment, id, protection: secret.protection, keyId };
  }
}
