import { certificateRegistryDecider } from '../../domain/certificates/certificate-registry.ts';
import { softwareIdentityDecider } from '../../domain/numbering/software-identity.ts';
import { webhookEndpointRegistryDecider } from '../../domain/webhooks/webhook-endpoint-registry.ts';
import { endpointIn } from '../../domain/webhooks/webhook-endpoint-registry-state.ts';
import { WebhookEndpointNotFoundError } from '../../domain/webhooks/webhook-endpoint-errors.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { certificateStreamId } from '../certificates/certificate-stream.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import { softwareIdentityStreamId } from '../numbering/software-identities.ts';
import type { Clock } from '../ports/clock.ts';
import { ConcurrencyError, type EventStore } from '../ports/event-store.ts';
import { MissingSecretsKeyError, SealedSecretError, type SecretCipher } from '../ports/secret-cipher.ts';
import { webhookEndpointsStreamId } from '../webhooks/webhook-endpoint-stream.ts';
import { markAllSealedWith, markKeyUsed, markSecretsSealed, sealedSecretsRecord } from './sealed-secrets-marker.ts';
import { SecretInventory, type KeptSecret, type ProtectedValue, type RegistryScope } from './secret-inventory.ts';

/** What a reseal did, or (a dry run) would do. */
export interface ResealReport {
  /** The key every secret is sealed with after it: SECRETS_KEY's. */
  keyId: string;
  /** How many secrets were kept, and were already sealed with that key. */
  kept: number;
  alreadySealed: number;
  /** The secrets sealed again (as they were before), or that a dry run would seal again. */
  resealed: KeptSecret[];
  /** The secrets that could not be opened, and why (a key not configured, an altered value). */
  failed: Array<{ secret: KeptSecret; reason: string }>;
  /** After it, start-up needs only `keyId`: SECRETS_KEY_PREVIOUS may go (false: a dry run, a failure, or a secret sealed meanwhile with another key). */
  onlySealingKeyNeeded: boolean;
}

type SealedValue = { protection: 'sealed'; value: string };

const CONTEXT = { actor: 'cli:secrets-reseal', correlationId: 'secrets-reseal' };

const needsReseal = (secret: KeptSecret, keyId: string) => secret.keyId !== keyId;

/**
 * Seals every kept secret with SECRETS_KEY's key: those a key it replaced sealed (opened with SECRETS_KEY_PREVIOUS)
 * and those a test environment kept in the clear. Each registry records the values sealed again as an event; the old
 * values stay in the log, where nothing opens them any more. Once every secret is sealed with the key, the record read
 * at start-up says so, and the keys in SECRETS_KEY_PREVIOUS are no longer needed. A secret that cannot be opened is
 * reported and left as it is.
 */
export class SecretsReseal {
  readonly inventory: SecretInventory;

  constructor(
    private readonly eventStore: EventStore,
    private readonly aggregates: AggregateStore,
    private readonly cipher: SecretCipher,
    private readonly clock: Clock,
  ) {
    this.inventory = new SecretInventory(eventStore, aggregates, cipher);
  }

  async run(options: { dryRun: boolean }): Promise<ResealReport> {
    if (!this.cipher.available) throw new MissingSecretsKeyError('seal the kept secrets again');
    const [keyId] = this.cipher.keyIds;
    const report: ResealReport = { keyId, kept: 0, alreadySealed: 0, resealed: [], failed: [], onlySealingKeyNeeded: false };
    for (const scope of await this.inventory.scopes()) {
      const kept = await this.inventory.of(scope, this.clock.now());
      report.kept += kept.length;
      report.alreadySealed += kept.filter((secret) => !needsReseal(secret, keyId)).length;
      for (const secret of kept.filter((each) => needsReseal(each, keyId))) {
        if (options.dryRun) {
          report.resealed.push(secret);
          continue;
        }
        try {
          await this.reseal(secret, scope);
          report.resealed.push(secret);
        } catch (error) {
          if (error instanceof WebhookEndpointNotFoundError) continue; // deleted meanwhile: its secrets with it
          if (!(error instanceof SealedSecretError)) throw error;
          report.failed.push({ secret, reason: error.message });
        }
      }
    }
    if (!options.dryRun && report.failed.length === 0) report.onlySealingKeyNeeded = await this.recordAllSealed(keyId, report.resealed.length);
    return report;
  }

  /**
   * The record changes only when it still names another key; a secret sealed meanwhile with one leaves it as it is.
   * An instance still on an older key may have written a secret after the scan and before the record changed (its own
   * record of the key came earlier, so the append did not conflict): a second scan after the change finds it, and the
   * record names its key again.
   */
  private async recordAllSealed(keyId: string, resealed: number): Promise<boolean> {
    const { record, expected } = await sealedSecretsRecord(this.eventStore);
    if ((await this.sealedWithOtherKeys(keyId)).length > 0) return false;
    if (!record.sealed || (record.keyIds.length === 1 && record.keyIds[0] === keyId && !record.unrecordedKeys)) return true;
    try {
      await markAllSealedWith(this.eventStore, keyId, resealed, this.clock.now(), expected);
    } catch (error) {
      if (error instanceof ConcurrencyError) return false;
      throw error;
    }
    const sealedMeanwhile = await this.sealedWithOtherKeys(keyId);
    for (const otherKey of new Set(sealedMeanwhile.map((secret) => secret.keyId))) {
      if (otherKey !== null) await markKeyUsed(this.eventStore, otherKey, 'secrets sealed during a reseal', this.clock.now());
    }
    return sealedMeanwhile.length === 0;
  }

  private async sealedWithOtherKeys(keyId: string): Promise<KeptSecret[]> {
    return (await this.inventory.all(this.clock.now())).filter((secret) => needsReseal(secret, keyId));
  }

  /** The value sealed with SECRETS_KEY's key: as it is when it already is (a concurrent reseal got there first). */
  private sealedNow(value: ProtectedValue): SealedValue {
    if (value.protection === 'sealed' && this.cipher.sealedWith(value.value) === this.cipher.keyIds[0]) return { protection: 'sealed', value: value.value };
    const plain = value.protection === 'sealed' ? this.cipher.open(value.value) : Buffer.from(value.value, 'utf8');
    return { protection: 'sealed', value: this.cipher.seal(plain) };
  }

  private async reseal(secret: KeptSecret, scope: RegistryScope): Promise<void> {
    const { tenantId, environment } = scope;
    const context: RequestContext = { ...CONTEXT, tenantId, environment };
    const now = this.clock.now();
    // Recorded first, as every seal is: a crash in between errs on the side of demanding SECRETS_KEY at start-up.
    if (secret.protection !== 'sealed') await markSecretsSealed(this.eventStore, this.cipher, 'secrets kept in the clear, sealed', now);
    switch (secret.kind) {
      case 'certificate_private_key':
        await this.aggregates.handle(certificateStreamId(tenantId, environment), certificateRegistryDecider, (state) => {
          const certificate = state.certificates.find((each) => each.certificateId === secret.id);
          if (!certificate) throw new DomainError('not_found', `no certificate ${secret.id}`);
          return { type: 'ResealKey' as const, tenantId, environment, certificateId: secret.id, privateKey: this.sealedNow(certificate.privateKey), now };
        }, context);
        return;
      case 'software_pin':
        await this.aggregates.handle(softwareIdentityStreamId(tenantId, environment), softwareIdentityDecider, (state) => {
          if (state.sealedPin === null) throw new DomainError('not_found', `no software identity in ${environment}`);
          return { type: 'ResealSoftwarePin' as const, tenantId, environment, sealedPin: this.sealedNow({ protection: 'sealed', value: state.sealedPin }).value, now };
        }, context);
        return;
      case 'webhook_secret':
      case 'previous_webhook_secret':
        await this.aggregates.handle(webhookEndpointsStreamId(tenantId, environment), webhookEndpointRegistryDecider, (state) => {
          const endpoint = endpointIn(state, secret.id);
          if (!endpoint) throw new WebhookEndpointNotFoundError(secret.id);
          const previous = endpoint.previousSecret && now.getTime() < Date.parse(endpoint.previousSecret.expiresAt) ? this.sealedNow(endpoint.previousSecret.secret) : null;
          return { type: 'ResealSecrets' as const, endpointId: secret.id, secret: this.sealedNow(endpoint.secret), previousSecret: previous, now };
        }, context);
        return;
    }
  }
}
