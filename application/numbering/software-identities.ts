import { HABILITACION_SOFTWARE } from '../../domain/numbering/habilitacion.ts';
import {
  softwareIdentityDecider,
  softwareIssues,
  type ResealSoftwarePin,
  type SetSoftwareIdentity,
  type SoftwareIdentityEvent,
  type SoftwareIdentityInput,
  type SoftwareIdentityState,
} from '../../domain/numbering/software-identity.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import { FoldedStreamCache } from '../event-sourcing/folded-stream-cache.ts';
import type { Clock } from '../ports/clock.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { SoftwareIdentities as SoftwareIdentityLookup, SoftwareIdentity } from '../ports/software-identity.ts';
import { MissingSecretsKeyError, type SecretCipher } from '../ports/secret-cipher.ts';
import { keepSealed } from '../secrets/sealed-secrets-marker.ts';
import type { TenantDirectory } from '../tenancy/tenant-directory.ts';

export const softwareIdentityStreamId = (tenantId: string, environment: string) => `softwareIdentity-${tenantId}.${environment}`;

/** The software that numbers a company's documents, with its PIN opened: for computing codes only, never to show or log. */
export type SoftwareKeys = SoftwareIdentity;

/** What may be shown of a software identity: the PIN never is. */
export interface SoftwareIdentityView {
  environment: string;
  softwareId: string;
  testSetId: string | null;
  /** The payroll habilitación test set. */
  payrollTestSetId: string | null;
  updatedAt: string | null;
  /** True for the built-in sandbox's identity, which the test environment uses while the company registered none. */
  isDefault: boolean;
}

function viewOf(environment: string, state: SoftwareIdentityState): SoftwareIdentityView {
  const { testSetId, payrollTestSetId, updatedAt } = state;
  return { environment, softwareId: state.softwareId as string, testSetId, payrollTestSetId, updatedAt, isDefault: false };
}

/** Software identities per company and environment; the PIN is sealed with SECRETS_KEY before it is recorded. */
export class SoftwareIdentities implements SoftwareIdentityLookup {
  /** Read for every live issuance and every numbering: folded once, re-checked by revision (a change anywhere is seen at once). */
  private readonly identities: FoldedStreamCache<SetSoftwareIdentity | ResealSoftwarePin, SoftwareIdentityEvent, SoftwareIdentityState>;

  constructor(
    private readonly aggregates: AggregateStore,
    private readonly secrets: SecretCipher,
    private readonly tenants: TenantDirectory,
    private readonly clock: Clock,
    private readonly eventStore: EventStore,
  ) {
    this.identities = new FoldedStreamCache(aggregates, softwareIdentityDecider);
  }

  async set(tenantId: string, input: SoftwareIdentityInput, context: { actor: string; correlationId: string }): Promise<SoftwareIdentityView> {
    const issues = softwareIssues(input);
    if (issues.length > 0) throw new DomainError('validation_failed', issues.map((i) => `${i.field} ${i.message}`).join('; '), { issues });
    if (!(await this.tenants.find(tenantId))) throw new DomainError('not_found', `no tenant ${tenantId}`);
    if (!this.secrets.available) throw new MissingSecretsKeyError('seal the software PIN');
    const command = {
      type: 'SetSoftwareIdentity' as const,
      tenantId,
      environment: input.environment,
      softwareId: input.softwareId,
      sealedPin: this.secrets.seal(input.pin),
      testSetId: input.testSetId ?? null,
      payrollTestSetId: input.payrollTestSetId ?? null,
      now: this.clock.now(),
    };
    const { state } = await keepSealed(this.eventStore, this.secrets, 'software PINs', () => this.clock.now(), () =>
      this.aggregates.handle(softwareIdentityStreamId(tenantId, input.environment), softwareIdentityDecider, command, {
        ...context,
        tenantId,
        environment: input.environment,
      }));
    return viewOf(input.environment, state);
  }

  /**
   * The identity in use: the company's own, or in the test environment the sandbox's; null in live when none is
   * registered. `since`: see FoldedStreamCache.
   */
  async view(tenantId: string, environment: string, since?: number): Promise<SoftwareIdentityView | null> {
    const state = await this.identities.load(softwareIdentityStreamId(tenantId, environment), since);
    if (state.softwareId) return viewOf(environment, state);
    if (environment !== 'test') return null;
    return { environment, softwareId: HABILITACION_SOFTWARE.id, testSetId: null, payrollTestSetId: null, updatedAt: null, isDefault: true };
  }

  /** The id and opened PIN to compute codes with; null in live when none is registered. `since`: see FoldedStreamCache. */
  async keysFor(tenantId: string, environment: string, since?: number): Promise<SoftwareKeys | null> {
    const state = await this.identities.load(softwareIdentityStreamId(tenantId, environment), since);
    if (state.softwareId && state.sealedPin) return { id: state.softwareId, pin: this.secrets.open(state.sealedPin).toString('utf8') };
    return environment === 'test' ? { ...HABILITACION_SOFTWARE } : null;
  }

  /**
   * The software that signs the company's own acceptance events (their CUDE and security code): its own, else DIAN's
   * habilitación software, as every event recorded before software identities existed used.
   */
  async of(tenantId: string, environment: string): Promise<SoftwareKeys> {
    return (await this.keysFor(tenantId, environment)) ?? { ...HABILITACION_SOFTWARE };
  }
}
