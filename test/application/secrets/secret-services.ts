import { Certificates } from '../../../application/certificates/certificates.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import { SoftwareIdentities } from '../../../application/numbering/software-identities.ts';
import type { EventData, EventStore } from '../../../application/ports/event-store.ts';
import type { SecretCipher } from '../../../application/ports/secret-cipher.ts';
import type { WebhookUrlCheck } from '../../../application/ports/webhook-url-check.ts';
import { SecretsReseal } from '../../../application/secrets/reseal-secrets.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { WebhookEndpointRegistries } from '../../../application/webhooks/webhook-endpoint-registries.ts';
import { WebhookEndpointRegistryDirectory } from '../../../application/webhooks/webhook-endpoint-registry-directory.ts';
import { WebhookEndpointUseCases } from '../../../application/webhooks/webhook-endpoint-use-cases.ts';
import { WebhookSecrets } from '../../../application/webhooks/webhook-secrets.ts';
import { nodeCertificateToolkit } from '../../../infrastructure/certificates/node-certificate-toolkit.ts';
import { FixedClock, openTempStores, SequentialIds, type TempStores } from '../../support/fixtures.ts';

const anyUrl: WebhookUrlCheck = { refusal: async () => null };

/** A fresh store with one company in it, at a fixed time: what each test of keys and secrets starts from. */
export async function storesWithCompany(): Promise<{ stores: TempStores; clock: FixedClock; tenantId: string }> {
  const stores = openTempStores();
  const clock = new FixedClock('2026-03-01T12:00:00.000Z');
  const registered = await new RegisterTenant(new AggregateStore(stores.events), clock, new SequentialIds())
    .execute({ nit: '900825759', legalName: 'HALLTEC S.A.S.' }, { actor: 'test', correlationId: 'test' });
  return { stores, clock, tenantId: registered.id };
}

/** The services that keep and open secrets, all with one cipher, as a deployment's processes would be with its settings. */
export function servicesWith(events: EventStore, cipher: SecretCipher, clock: FixedClock) {
  const aggregates = new AggregateStore(events);
  const tenants = new TenantDirectory(aggregates);
  const ids = new SequentialIds();
  const registries = new WebhookEndpointRegistries(aggregates, events);
  const webhookSecrets = new WebhookSecrets(cipher, events, ids, clock);
  return {
    certificates: new Certificates({ aggregates, eventStore: events, secrets: cipher, toolkit: nodeCertificateToolkit, tenants, clock, ids }),
    software: new SoftwareIdentities(aggregates, cipher, tenants, clock, events),
    webhooks: new WebhookEndpointUseCases(registries, webhookSecrets, anyUrl, clock, ids),
    directory: new WebhookEndpointRegistryDirectory(registries, webhookSecrets),
    reseal: new SecretsReseal(events, aggregates, cipher, clock),
  };
}

/**
 * The store, with `meanwhile` run once just before the first append that `when` picks is written: another process's
 * work landing at that very moment.
 */
export function withWorkBeforeAppend(
  inner: EventStore,
  when: (streamId: string, events: readonly EventData[]) => boolean,
  meanwhile: () => Promise<void>,
): EventStore {
  let done = false;
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'append') {
        return async (streamId: string, events: readonly EventData[], expected: Parameters<EventStore['append']>[2]) => {
          if (!done && when(streamId, events)) {
            done = true;
            await meanwhile();
          }
          return target.append(streamId, events, expected);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
