import type { ProfilePatch } from '../../domain/tenancy/company-profile.ts';
import { tenantDecider, type TenantState, type UpdateCompanyProfile as UpdateCommand } from '../../domain/tenancy/tenant.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { CompanyLogos } from './company-logos.ts';
import { tenantStreamId, type TenantDirectory } from './tenant-directory.ts';

type OperatorContext = Omit<RequestContext, 'tenantId' | 'environment'>;

/**
 * An operator changes a company's profile (CLI `tenants update`, `PATCH /admin/v1/tenants/{id}`). The tenant's decider
 * checks every field; a new logo's bytes are stored under their hash before the profile that names it is appended.
 */
export class UpdateCompanyProfile {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly tenants: TenantDirectory,
    private readonly logos: CompanyLogos,
    private readonly clock: Clock,
  ) {}

  /** The tenant after the update; null when there is no such tenant. */
  async execute(tenantId: string, patch: ProfilePatch, operator: OperatorContext): Promise<TenantState | null> {
    const streamId = tenantStreamId(tenantId);
    const loaded = await this.aggregates.load(streamId, tenantDecider);
    if (!loaded.state.exists) return null;
    const now = this.clock.now();
    const command: UpdateCommand = { type: 'UpdateCompanyProfile', patch, now };
    const events = tenantDecider.decide(command, loaded.state);
    const context = { ...operator, tenantId, environment: '*' };
    const logo = events[0]?.type === 'CompanyProfileUpdated' && events[0].data.changed.includes('logo') ? events[0].data.profile.logo : null;
    if (logo && patch.logo) await this.logos.store(tenantId, logo, patch.logo, context, now);
    const handled = await this.aggregates.handle(streamId, tenantDecider, command, context, loaded, events);
    this.tenants.remember(handled.state);
    return handled.state;
  }
}
