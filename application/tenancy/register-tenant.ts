import { tenantDecider, type TenantState } from '../../domain/tenancy/tenant.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';
import { tenantStreamId } from './tenant-directory.ts';

export class RegisterTenant {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: { nit: string; legalName: string; tradeName?: string }, context: Omit<RequestContext, 'tenantId' | 'environment'>): Promise<TenantState> {
    const tenantId = this.ids.uuid();
    const handled = await this.aggregates.handle(
      tenantStreamId(tenantId),
      tenantDecider,
      { type: 'RegisterTenant', tenantId, nit: input.nit, legalName: input.legalName, tradeName: input.tradeName, now: this.clock.now() },
      { ...context, tenantId, environment: '*' },
    );
    return handled.state;
  }
}
