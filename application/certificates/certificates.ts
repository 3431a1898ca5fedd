import {
  certificateRegistryDecider,
  signingCertificateAt,
  type CertificateCommand,
  type CertificateEvent,
  type CertificateRegistryState,
} from '../../domain/certificates/certificate-registry.ts';
import type { CertificateOrigin, StoredCertificate } from '../../domain/certificates/stored-certificate.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { FoldedStreamCache } from '../event-sourcing/folded-stream-cache.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { CertificateBundle, CertificateToolkit } from '../ports/certificate-toolkit.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import { MissingSecretsKeyError, type SecretCipher } from '../ports/secret-cipher.ts';
import { keepSealed } from '../secrets/sealed-secrets-marker.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';
import { certificateStreamId } from './certificate-stream.ts';

/** The key and chain that sign a document. */
export interface SigningKey {
  privateKeyPem: string;
  chainPem: string[];
}

export interface CertificateParts {
  aggregates: AggregateStore;
  eventStore: EventStore;
  secrets: SecretCipher;
  toolkit: CertificateToolkit;
  tenants: TenantDirectory;
  clock: Clock;
  ids: IdGenerator;
}

const SYSTEM_CONTEXT = { actor: 'system:certificates', correlationId: 'test-certificate' };

/** The signing certificates of companies: imported from PKCS#12, generated for the test environment, chosen to sign. */
export class Certificates {
  /** Read for every live issuance and every signing: folded once, re-checked by revision (an import anywhere is seen at once). */
  private readonly registries: FoldedStreamCache<CertificateCommand, CertificateEvent, CertificateRegistryState>;

  constructor(private readonly parts: CertificateParts) {
    this.registries = new FoldedStreamCache(parts.aggregates, certificateRegistryDecider);
  }

  /** Reads the PKCS#12, seals its key with SECRETS_KEY (required) and records it; answers the certificate kept. */
  async import(input: { tenantId: string; environment: string; pkcs12: Buffer; password: string }, context: Omit<RequestContext, 'tenantId' | 'environment'>): Promise<StoredCertificate> {
    const { secrets, toolkit, tenants } = this.parts;
    if (!secrets.available) throw new MissingSecretsKeyError('import a certificate (its private key is kept encrypted with it)');
    if (!(await tenants.find(input.tenantId))) throw new Error(`no tenant with id ${input.tenantId}`);
    const bundle = toolkit.readPkcs12(input.pkcs12, input.password);
    return this.record(input.tenantId, input.environment, 'imported', bundle, { ...context, tenantId: input.tenantId, environment: input.environment });
  }

  async registry(tenantId: string, environment: string): Promise<CertificateRegistryState> {
    return this.registries.load(certificateStreamId(tenantId, environment));
  }

  /**
   * The key that signs a document of the company stated at `at`. In the test environment a company without a usable
   * imported certificate gets a self-signed one, generated once and kept. Null in live without a certificate valid then.
   */
  async signingKey(tenantId: string, environment: string, at: Date): Promise<SigningKey | null> {
    let chosen = signingCertificateAt(await this.registry(tenantId, environment), at);
    if (!chosen && environment === 'test') {
      await this.generateTestCertificate(tenantId);
      chosen = signingCertificateAt(await this.registry(tenantId, environment), at);
    }
    if (!chosen) return null;
    return { privateKeyPem: this.openKey(chosen, environment), chainPem: chosen.chainPem };
  }

  private async generateTestCertificate(tenantId: string): Promise<void> {
    const tenant = await this.parts.tenants.find(tenantId);
    if (!tenant) throw new Error(`no tenant with id ${tenantId}`);
    const bundle = await this.parts.toolkit.generateTestCertificate({ nit: tenant.nit, legalName: tenant.legalName }, this.parts.clock.now());
    await this.record(tenantId, 'test', 'generated-test', bundle, { ...SYSTEM_CONTEXT, tenantId, environment: 'test' });
  }

  private openKey(certificate: StoredCertificate, environment: string): string {
    if (certificate.privateKey.protection === 'sealed') return this.parts.secrets.open(certificate.privateKey.value).toString('utf8');
    if (environment !== 'test') throw new Error(`certificate ${certificate.certificateId} keeps its key in the clear and cannot sign in ${environment}`);
    return certificate.privateKey.value;
  }

  private async record(tenantId: string, environment: string, origin: CertificateOrigin, bundle: CertificateBundle, context: RequestContext): Promise<StoredCertificate> {
    const { aggregates, eventStore, secrets, toolkit, clock, ids } = this.parts;
    const sealed = secrets.available;
    const facts = toolkit.factsOf(bundle.chainPem[0]);
    const certificate = {
      certificateId: ids.uuid(),
      origin,
      ...facts,
      chainPem: bundle.chainPem,
      privateKey: sealed ? { protection: 'sealed' as const, value: secrets.seal(bundle.privateKeyPem) } : { protection: 'clear-test-only' as const, value: bundle.privateKeyPem },
    };
    const write = () => aggregates.handle(
      certificateStreamId(tenantId, environment),
      certificateRegistryDecider,
      { type: 'RecordCertificate', tenantId, environment, certificate, now: clock.now() },
      context,
    );
    const handled = sealed ? await keepSealed(eventStore, secrets, 'certificate private keys', () => clock.now(), write) : await write();
    return handled.state.certificates.find((kept) => kept.fingerprint === facts.fingerprint) ?? handled.state.certificates.at(-1)!;
  }
}
