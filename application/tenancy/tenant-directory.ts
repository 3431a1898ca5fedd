import type { Issuer } from '../../domain/documents/issuer.ts';
import { tenantDecider, type TenantState } from '../../domain/tenancy/tenant.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';

export const tenantStreamId = (tenantId: string) => `tenant-${tenantId}`;

/** How long a tenant read from its stream is used before it is read again. */
export const TENANT_MAX_AGE_MS = 5_000;

interface DirectoryOptions {
  /** How long a cached tenant is trusted; another process's profile update is seen at most this late. */
  maxAgeMs?: number;
  /** A monotonic time in milliseconds (tests move it by hand). */
  now?: () => number;
}

interface Cached {
  state: TenantState;
  readAt: number;
}

/**
 * Tenants as the service reads them on every request. A company's profile changes (from the CLI, the operator API, in
 * any process or instance sharing the store), so a tenant read from its stream is kept for a few seconds only: after
 * that the next request reads the stream again, one read per tenant at a time however many requests wait for it. An
 * update made in this process is seen here at once (`remember`). The cost for issuance is one short stream read per
 * tenant every few seconds.
 */
export class TenantDirectory {
  private readonly known = new Map<string, Cached>();
  private readonly reading = new Map<string, Promise<TenantState | null>>();
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly aggregates: AggregateStore,
    options: DirectoryOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? TENANT_MAX_AGE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  async find(tenantId: string): Promise<TenantState | null> {
    const cached = this.known.get(tenantId);
    if (cached && this.now() - cached.readAt < this.maxAgeMs) return cached.state;
    const pending = this.reading.get(tenantId);
    if (pending) return pending;
    const read = this.read(tenantId).finally(() => this.reading.delete(tenantId));
    this.reading.set(tenantId, read);
    return read;
  }

  /** A tenant this process has just changed: seen as it is now without reading it back. */
  remember(state: TenantState): void {
    if (state.exists) this.known.set(state.id, { state, readAt: this.now() });
  }

  /** The company as a document records it when it is created: NIT, names and profile. */
  async issuer(tenantId: string): Promise<Issuer> {
    const tenant = await this.find(tenantId);
    if (!tenant) throw new Error(`tenant ${tenantId} does not exist`);
    return { nit: tenant.nit, dv: tenant.dv, legal_name: tenant.legalName, trade_name: tenant.tradeName, profile: tenant.profile };
  }

  private async read(tenantId: string): Promise<TenantState | null> {
    const readAt = this.now();
    const { state } = await this.aggregates.load(tenantStreamId(tenantId), tenantDecider);
    if (!state.exists) return null;
    // A remembered update newer than this read wins over it.
    const cached = this.known.get(tenantId);
    if (cached && cached.readAt > readAt) return cached.state;
    this.known.set(tenantId, { state, readAt });
    return state;
  }
}
