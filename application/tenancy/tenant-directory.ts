import type { Issuer } from '../../domain/documents/issuer.ts';
import { tenantDecider, type TenantState } from '../../domain/tenancy/tenant.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';

export const tenantStreamId = (tenantId: string) => `tenant-${tenantId}`;

/** Tenants never change once registered, so a found tenant is kept in memory. */
export class TenantDirectory {
  private readonly known = new Map<string, TenantState>();

  constructor(private readonly aggregates: AggregateStore) {}

  async find(tenantId: string): Promise<TenantState | null> {
    const cached = this.known.get(tenantId);
    if (cached) return cached;
    const { state } = await this.aggregates.load(tenantStreamId(tenantId), tenantDecider);
    if (!state.exists) return null;
    this.known.set(tenantId, state);
    return state;
  }

  async issuer(tenantId: string): Promise<Issuer> {
    const tenant = await this.find(tenantId);
    if (!tenant) throw new Error(`tenant ${tenantId} does not exist`);
    return { nit: tenant.nit, dv: tenant.dv, legal_name: tenant.legalName, trade_name: tenant.tradeName };
  }
}
